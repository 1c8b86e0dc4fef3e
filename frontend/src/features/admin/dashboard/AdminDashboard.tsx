import { useEffect } from 'react';
import { Chart } from 'primereact/chart';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { Section } from '../sections';
import { approvalRate, DASHBOARD_MESSAGES, statsRequested } from './dashboardSlice';

interface Figure {
  label: string;
  value: string | number;
}

function StatCard({ title, icon, figures, section, onManage }: { title: string; icon: string; figures: Figure[]; section: Section; onManage: (s: Section) => void }) {
  const headingId = `card-${section}`;
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <i className={icon} aria-hidden="true" /> {title}
      </h3>
      <dl className="admin-card__figures">
        {figures.map((f) => (
          <div key={f.label} className="admin-card__figure">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="admin-btn admin-btn--primary" onClick={() => onManage(section)} aria-label={`Manage ${title.replace(' Management', '').toLowerCase()}`}>
        Manage
      </button>
    </section>
  );
}

/** The admin dashboard: five cards with a manage button each, and three charts (spec §2 Dashboard). */
export function AdminDashboard({ role, onManage }: { role: string | null; onManage: (section: Section) => void }) {
  const dispatch = useAppDispatch();
  const { stats, status, error } = useAppSelector((state) => state.admin.dashboard);
  const isAdmin = role === 'admin';

  useEffect(() => {
    if (isAdmin) dispatch(statsRequested());
  }, [dispatch, isAdmin]);

  if (!isAdmin) return <p className="admin-message admin-message--info">{DASHBOARD_MESSAGES.restricted}</p>;
  if (status === 'failed' && error)
    return (
      <div className="admin-banner admin-banner--error" role="alert">
        {error}
      </div>
    );
  if (!stats || status === 'loading' || status === 'idle')
    return (
      <p className="admin-loading" role="status">
        {DASHBOARD_MESSAGES.loading}
      </p>
    );

  const rate = approvalRate(stats.applications.approved, stats.applications.rejected);
  const { pendingJobs, approvedJobs, rejectedJobs } = stats.jobs;
  const { pendingReview, approved, rejected } = stats.applications;
  const rateValue = Number.parseFloat(rate);

  return (
    <div className="admin-dashboard">
      <div className="admin-cards">
        <StatCard
          title="User Management"
          icon="pi pi-users"
          section="users"
          onManage={onManage}
          figures={[
            { label: 'Total Users', value: stats.users.totalUsers },
            { label: 'Active Users', value: stats.users.activeUsers },
            { label: 'Pending Approvals', value: stats.users.pendingApprovals },
          ]}
        />
        <StatCard
          title="Application Management"
          icon="pi pi-file"
          section="applications"
          onManage={onManage}
          figures={[
            { label: 'Total Applications', value: stats.applications.totalApplications },
            { label: 'Pending Review', value: pendingReview },
            { label: 'Approval Rate', value: rate },
          ]}
        />
        <StatCard
          title="Job Management"
          icon="pi pi-briefcase"
          section="jobs"
          onManage={onManage}
          figures={[
            { label: 'Total Jobs', value: stats.jobs.totalJobs },
            { label: 'Active Jobs', value: stats.jobs.activeJobs },
            { label: 'Expired Jobs', value: stats.jobs.expiredJobs },
          ]}
        />
        <StatCard
          title="Training Management"
          icon="pi pi-calendar"
          section="trainings"
          onManage={onManage}
          figures={[
            { label: 'Total Trainings', value: stats.trainings.totalTrainings },
            { label: 'Upcoming Trainings', value: stats.trainings.upcomingTrainings },
          ]}
        />
        <StatCard
          title="Interview Experience Management"
          icon="pi pi-comments"
          section="interview-experiences"
          onManage={onManage}
          figures={[{ label: 'Total Experiences', value: stats.experiences.totalExperiences }]}
        />
      </div>
      <div className="admin-charts">
        <figure className="admin-chart">
          <figcaption>Applications by status</figcaption>
          <Chart
            type="bar"
            data={{ labels: ['Pending Review', 'Accepted', 'Rejected'], datasets: [{ label: 'Applications', data: [pendingReview, approved, rejected], backgroundColor: ['#ca8a04', '#16a34a', '#dc2626'] }] }}
            options={{ maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
            style={{ height: '240px' }}
            ariaLabel={`Applications by status: ${pendingReview} pending review, ${approved} accepted, ${rejected} rejected`}
          />
        </figure>
        <figure className="admin-chart">
          <figcaption>Jobs by status</figcaption>
          <Chart
            type="doughnut"
            data={{ labels: ['Pending', 'Approved', 'Rejected'], datasets: [{ data: [pendingJobs, approvedJobs, rejectedJobs], backgroundColor: ['#ca8a04', '#16a34a', '#dc2626'] }] }}
            options={{ maintainAspectRatio: false }}
            style={{ height: '240px' }}
            ariaLabel={`Jobs by status: ${pendingJobs} pending, ${approvedJobs} approved, ${rejectedJobs} rejected`}
          />
        </figure>
        <figure className="admin-chart">
          <figcaption>Approval rate</figcaption>
          <Chart
            type="doughnut"
            data={{ labels: ['Approved', 'Rejected'], datasets: [{ data: approved + rejected > 0 ? [rateValue, 100 - rateValue] : [0, 0], backgroundColor: ['#16a34a', '#e5e7eb'] }] }}
            options={{ maintainAspectRatio: false, cutout: '70%' }}
            style={{ height: '240px' }}
            ariaLabel={`Approval rate ${rate}: ${approved} accepted, ${rejected} rejected`}
          />
        </figure>
      </div>
    </div>
  );
}
