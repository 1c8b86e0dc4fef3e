import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteErrorBoundary } from '../../shared/components/RouteErrorBoundary';
import { RouteFallback } from '../../shared/components/RouteFallback';
import { PATHS } from '../../shared/routes';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import './publicLayout.css';

/** Landing, about, sign-in and the other public screens: navbar, page (behind the area's error boundary), footer. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <Navbar />
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <RouteErrorBoundary home={PATHS.home} homeLabel="Home">
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
