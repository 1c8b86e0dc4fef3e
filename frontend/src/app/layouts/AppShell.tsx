import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PORTAL_NAME } from '../../shared/components/Logo';
import { RouteFallback } from '../../shared/components/RouteFallback';
import { registerNavigator } from '../../shared/navigation';
import { Notifications } from '../../shared/notifications/Notifications';
import { pageTitleOf } from '../../shared/routes';

/** The root of every route: skip link, document title, scroll position, saga navigation, the toast outlet. */
export function AppShell() {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();

  // Sagas navigate through the router (after login, verification, an ended session).
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
    return () => registerNavigator(null);
  }, [navigate]);

  useEffect(() => {
    const title = pageTitleOf(pathname);
    document.title = title ? `${title} | ${PORTAL_NAME}` : PORTAL_NAME;
  }, [pathname]);

  // A new screen starts at its top (a #fragment scrolls to its target instead).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
      <Notifications />
    </>
  );
}
