import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { breakdownOf } from '../breakdown';
import { SummaryCards } from '../components/SummaryCards';
import { UpcomingTrainings } from '../components/UpcomingTrainings';
import { dashboardRequested, selectDashboard } from '../dashboardSlice';
import '../dashboard.css';

// chart.js is large: it loads only when there is something to draw.
const ApplicationsChart = lazy(() => import('../components/ApplicationsChart'));

/** /dashboard: three cards, the applications chart and upcoming trainings (spec §2). */
export default function DashboardPage() {
  const dispatch = useAppDispatch();
  const { jobs, applications, trainings } = useAppSelector(selectDashboard);

  useEffect(() => {
    dispatch(dashboardRequested());
  }, [dispatch]);

  const breakdown = useMemo(() => (applications.status === 'succeeded' ? breakdownOf(applications.items) : null), [applications]);

  return (
    <div className="dashboard">
      <SummaryCards jobCount={jobs.status === 'succeeded' ? jobs.count : jobs.status === 'failed' ? 0 : null} breakdown={breakdown ?? (applications.status === 'failed' ? breakdownOf([]) : null)} />
      <div className="dashboard__columns">
        <section className="dashboard-panel" aria-labelledby="applications-chart-title">
          <div className="dashboard-panel__head">
            <h2 id="applications-chart-title">Applications by Status</h2>
          </div>
          {breakdown && breakdown.total > 0 ? (
            <Suspense fallback={<p role="status">Loading chart...</p>}>
              <ApplicationsChart breakdown={breakdown} />
            </Suspense>
          ) : (
            <p className="empty-state">{applications.status === 'failed' ? 'Applications not loaded.' : applications.status === 'succeeded' ? 'No applications yet' : 'Loading...'}</p>
          )}
        </section>
        <UpcomingTrainings trainings={trainings.items} status={trainings.status} error={trainings.error} />
      </div>
    </div>
  );
}
