import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteFallback } from '../../shared/components/RouteFallback';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

/** Landing, about, sign-in and the other public screens: navbar, page, footer. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <Navbar />
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
