import { useEffect, useId, useState, type FormEvent } from 'react';
import { Chart } from 'primereact/chart';
import { PROJECTION_SKIP_MESSAGES, SKIP_REASON_MAX_LENGTH } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AdminBanners, AlertBanner } from '../components/AdminBanners';
import { LoadingMessage } from '../components/ListState';
import { localDateTime } from '../format';
import { DataTable } from '../table/DataTable';
import { failedChecks, formatLagSeconds, formatUptime } from './format';
import { skipMessagesHidden, skipRequested, SYSTEM_TEXT, systemStatusRequested, systemWatchStarted, systemWatchStopped, type LagReading } from './systemSlice';
import type { ProjectionLag, SystemStatus } from './types';
import './system.css';

const PALETTE = ['#4338ca', '#0891b2', '#ca8a04', '#16a34a', '#dc2626', '#7c3aed'];

function ServicesTable({ services }: { services: SystemStatus['services'] }) {
  return (
    <DataTable caption="Services" headers={['Service', 'Health', 'Readiness', 'Uptime', 'Problem']}>
      {services.map((service) => (
        <tr key={service.name}>
          <th scope="row">{service.name}</th>
          <td>
            <span className={`admin-badge system-badge--${service.healthy ? 'ok' : 'down'}`}>{service.healthy ? 'Up' : 'Down'}</span>
          </td>
          <td>
            <span className={`admin-badge system-badge--${service.ready ? 'ok' : 'down'}`}>{service.ready ? 'Ready' : 'Not ready'}</span>
          </td>
          <td>{formatUptime(service.uptimeSeconds)}</td>
          <td>{service.error ?? (failedChecks(service.checks).join('; ') || '')}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function ProjectionsPanel({ projections }: { projections: SystemStatus['projections'] }) {
  return (
    <section className="system-panel" aria-labelledby="system-projections-title">
      <h3 id="system-projections-title">Projection lag</h3>
      {projections.error && <AlertBanner>Projectors: {projections.error}</AlertBanner>}
      {projections.items.length > 0 && (
        <>
          <DataTable caption="Projection lag" headers={['Projection', 'Events behind', 'Time behind', 'Position']}>
            {projections.items.map((item: ProjectionLag) => (
              <tr key={item.projection}>
                <th scope="row">{item.projection}</th>
                <td>{item.lagEvents}</td>
                <td>{formatLagSeconds(item.lagSeconds)}</td>
                <td>{item.position ?? 'N/A'}</td>
              </tr>
            ))}
          </DataTable>
          <figure className="admin-chart">
            <figcaption>Events behind, per projection</figcaption>
            <Chart
              type="bar"
              data={{ labels: projections.items.map((item) => item.projection), datasets: [{ label: 'Events behind', data: projections.items.map((item) => item.lagEvents), backgroundColor: '#4338ca' }] }}
              options={{ maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
              style={{ height: '220px' }}
              ariaLabel={`Events behind per projection: ${projections.items.map((item) => `${item.projection} ${item.lagEvents}`).join(', ')}`}
            />
          </figure>
        </>
      )}
    </section>
  );
}

/** One stuck projection: the event it cannot apply, why, how often it tried, and the admin's skip with a reason. */
function StuckProjectionCard({ item }: { item: ProjectionLag & { stuck: NonNullable<ProjectionLag['stuck']> } }) {
  const dispatch = useAppDispatch();
  const skipping = useAppSelector((state) => state.admin.system.skipping === item.projection);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  const { stuck } = item;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setProblem(PROJECTION_SKIP_MESSAGES.reasonRequired);
      return;
    }
    setProblem(null);
    if (window.confirm(SYSTEM_TEXT.confirmSkip(item.projection, stuck.position))) dispatch(skipRequested({ projection: item.projection, position: stuck.position, reason: reason.trim() }));
  }

  return (
    <article className="system-stuck" aria-label={`${item.projection} is stuck`}>
      <h4>
        {item.projection}: stuck at event {stuck.position}
      </h4>
      <dl className="system-stuck__facts">
        <dt>Event type</dt>
        <dd>{stuck.eventType}</dd>
        <dt>Error</dt>
        <dd className="system-stuck__error">{stuck.error}</dd>
        <dt>Attempts</dt>
        <dd>{stuck.attempts}</dd>
        <dt>Stuck for</dt>
        <dd>{formatUptime(stuck.seconds)}</dd>
      </dl>
      <p>
        The read model does not move past this event. It keeps trying; if the event can never apply, skip it: the read model will never hold what it changed, and
        the skip is recorded with your name in the audit history.
      </p>
      <form className="system-stuck__form" onSubmit={submit} noValidate>
        <label htmlFor={reasonId}>Reason for skipping</label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={SKIP_REASON_MAX_LENGTH}
          rows={2}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${reasonId}-problem` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem && (
          <span id={`${reasonId}-problem`} className="system-stuck__problem">
            {problem}
          </span>
        )}
        <button type="submit" className="admin-btn admin-btn--danger" disabled={skipping}>
          {skipping ? 'Skipping...' : `Skip event ${stuck.position}`}
        </button>
      </form>
    </article>
  );
}

function StuckProjections({ items }: { items: ProjectionLag[] }) {
  const dispatch = useAppDispatch();
  const { skipError, skipSuccess } = useAppSelector((state) => state.admin.system);
  const stuck = items.filter((item): item is ProjectionLag & { stuck: NonNullable<ProjectionLag['stuck']> } => item.stuck !== null);
  return (
    <>
      <AdminBanners error={skipError} success={skipSuccess} onDismissError={() => dispatch(skipMessagesHidden())} onDismissSuccess={() => dispatch(skipMessagesHidden())} />
      {stuck.length > 0 && (
        <section className="system-panel system-panel--stuck" aria-labelledby="system-stuck-title">
          <h3 id="system-stuck-title">Stuck projections</h3>
          {stuck.map((item) => (
            <StuckProjectionCard key={`${item.projection}-${item.stuck.position}`} item={item} />
          ))}
        </section>
      )}
    </>
  );
}

function KafkaPanel({ kafka, history }: { kafka: SystemStatus['kafka']; history: LagReading[] }) {
  const groupIds = kafka.groups.map((group) => group.groupId);
  return (
    <section className="system-panel" aria-labelledby="system-kafka-title">
      <h3 id="system-kafka-title">Notifier consumer lag</h3>
      {kafka.error && <AlertBanner>{kafka.error}</AlertBanner>}
      {kafka.groups.length > 0 && (
        <>
          <DataTable caption="Consumer-group lag" headers={['Consumer group', 'Messages behind', 'By topic']}>
            {kafka.groups.map((group) => (
              <tr key={group.groupId}>
                <th scope="row">{group.groupId}</th>
                <td>{group.lag}</td>
                <td>{group.topics.map((topic) => `${topic.topic}: ${topic.lag}`).join(', ')}</td>
              </tr>
            ))}
          </DataTable>
          <figure className="admin-chart">
            <figcaption>Messages behind over time</figcaption>
            <Chart
              type="line"
              data={{
                labels: history.map((reading) => new Date(reading.at).toLocaleTimeString()),
                datasets: groupIds.map((groupId, index) => ({
                  label: groupId,
                  data: history.map((reading) => reading.groups[groupId] ?? null),
                  borderColor: PALETTE[index % PALETTE.length],
                  backgroundColor: PALETTE[index % PALETTE.length],
                  tension: 0.2,
                })),
              }}
              options={{ maintainAspectRatio: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
              style={{ height: '220px' }}
              ariaLabel={`Messages behind now: ${kafka.groups.map((group) => `${group.groupId} ${group.lag}`).join(', ')}`}
            />
          </figure>
        </>
      )}
    </section>
  );
}

/** System Status: each service's health and readiness, projection lag and the notifier's Kafka lag, refreshed every 10 s. */
export function SystemStatusView() {
  const dispatch = useAppDispatch();
  const { status, loading, error, history } = useAppSelector((state) => state.admin.system);

  useEffect(() => {
    dispatch(systemWatchStarted());
    return () => {
      dispatch(systemWatchStopped());
    };
  }, [dispatch]);

  return (
    <div className="admin-section system">
      <div className="admin-section__header">
        <h2>{SYSTEM_TEXT.title}</h2>
        <button type="button" className="admin-btn" disabled={loading} onClick={() => dispatch(systemStatusRequested())}>
          <i className="pi pi-refresh" aria-hidden="true" /> Refresh
        </button>
      </div>
      {error && <AlertBanner>{error}</AlertBanner>}
      {!status ? (
        loading && <LoadingMessage>{SYSTEM_TEXT.loading}</LoadingMessage>
      ) : (
        <>
          <p className={`system-overall system-overall--${status.status}`} role="status">
            {status.status === 'ok' ? 'All services are up and ready' : 'Some parts of the system need attention'} · checked {localDateTime(status.checkedAt)}
          </p>
          <StuckProjections items={status.projections.items} />
          <ServicesTable services={status.services} />
          <div className="system-panels">
            <ProjectionsPanel projections={status.projections} />
            <KafkaPanel kafka={status.kafka} history={history} />
          </div>
        </>
      )}
    </div>
  );
}
