import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Role } from '@placement/domain';
import { selectAuth } from '../../shared/session/authSlice';
import { PATHS, homeForForbiddenRole } from '../../shared/routes';
import { useAppSelector } from '../hooks';
import { useOpenedRouteLoading } from '../openedRoute';
import { AuthLoading } from './AuthLoading';

/**
 * The route guard of spec §2, in its order:
 * loading (or a token without a loaded user, or the chunks of the route the app was opened at on their
 * way: openedRoute.ts) → 'Loading...';
 * no auth and no token → sign in, remembering where the user came from;
 * authenticated without a role → sign in;
 * a role the route does not allow → that role's own start page.
 */
export function RequireRole({ allow, children }: { allow: readonly Role[]; children?: ReactNode }) {
  const { isAuthenticated, token, user, role, loading } = useAppSelector(selectAuth);
  const location = useLocation();
  const routeLoading = useOpenedRouteLoading();

  if (loading || (token && (!user || routeLoading))) return <AuthLoading />;
  if (!isAuthenticated && !token) return <Navigate to={PATHS.signIn} replace state={{ from: location }} />;
  if (!role) return <Navigate to={PATHS.signIn} replace />;
  if (!(allow as readonly string[]).includes(role)) return <Navigate to={homeForForbiddenRole(role)} replace />;
  return children ?? <Outlet />;
}
