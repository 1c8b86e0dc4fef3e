import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/routes';
import { trainingDateTime, type Training } from '../../../shared/records';

export const NO_UPCOMING_TEXT = 'No upcoming trainings scheduled.';

/** Spec §2: the dashboard's upcoming trainings with View All. */
export function UpcomingTrainings({ trainings, status, error }: { trainings: Training[]; status: string; error: string | null }) {
  return (
    <section className="dashboard-panel" aria-labelledby="upcoming-trainings-title">
      <div className="dashboard-panel__head">
        <h2 id="upcoming-trainings-title">Upcoming Trainings</h2>
        <Link to={PATHS.trainings} className="dashboard-panel__link">
          View All<span className="visually-hidden"> trainings</span>
        </Link>
      </div>
      {status === 'failed' ? (
        <p className="inline-error" role="alert">
          Error: {error}
        </p>
      ) : status !== 'succeeded' ? (
        <p role="status">Loading trainings...</p>
      ) : trainings.length === 0 ? (
        <p className="empty-state">{NO_UPCOMING_TEXT}</p>
      ) : (
        <ul className="upcoming-list">
          {trainings.slice(0, 5).map((training) => (
            <li key={training._id} className="upcoming-list__item">
              <i className="pi pi-calendar" aria-hidden="true" />
              <div>
                <p className="upcoming-list__title">{training.title}</p>
                <p className="upcoming-list__meta">
                  <time dateTime={training.date}>{trainingDateTime(training.date)}</time>
                  {training.mode ? ` · ${training.mode}` : ''}
                  {training.duration ? ` · ${training.duration}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
