import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { selectAuth } from '../../shared/session/authSlice';
import { homeWhenSignedIn } from '../../shared/routes';
import { useAppSelector } from '../hooks';

/** The sign-in page when already authenticated with a role: admin/staff → /admin-panel, everyone else → /student-details. */
export function RedirectIfSignedIn({ children }: { children?: ReactNode }) {
  const { isAuthenticated, role } = useAppSelector(selectAuth);
  if (isAuthenticated && role) return <Navigate to={homeWhenSignedIn(role)} replace />;
  return children ?? <Outlet />;
}
