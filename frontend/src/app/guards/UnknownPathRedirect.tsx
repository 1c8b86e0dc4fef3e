import { Navigate } from 'react-router-dom';
import { selectAuth } from '../../shared/session/authSlice';
import { homeForUnknownPath } from '../../shared/routes';
import { useAppSelector } from '../hooks';

/** Any path outside the route table: admin/staff → /admin-panel, student → /student-details, anyone else → /auth-Container. */
export function UnknownPathRedirect() {
  const { isAuthenticated, role } = useAppSelector(selectAuth);
  return <Navigate to={homeForUnknownPath(isAuthenticated ? role : null)} replace />;
}
