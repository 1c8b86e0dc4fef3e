import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteErrorBoundary } from '../../shared/components/RouteErrorBoundary';
import { RouteFallback } from '../../shared/components/RouteFallback';
import { PATHS } from '../../shared/routes';

/** Screens that bring their own chrome (the admin area): the main landmark and the area's error boundary. */
export function BareLayout() {
  return (
    <main id="main" className="bare-layout" tabIndex={-1}>
      <RouteErrorBoundary home={PATHS.adminPanel} homeLabel="Admin Panel">
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </main>
  );
}
