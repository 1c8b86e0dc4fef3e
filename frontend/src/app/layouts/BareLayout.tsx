import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteFallback } from '../../shared/components/RouteFallback';

/** Screens that bring their own chrome (the admin panel): just the main landmark. */
export function BareLayout() {
  return (
    <main id="main" className="bare-layout" tabIndex={-1}>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
