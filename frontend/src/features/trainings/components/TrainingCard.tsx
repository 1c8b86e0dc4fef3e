import { trainingDateTime, type Training } from '../../../shared/records';

/** Spec §2: title, description, date and time, duration, mode and Register Now (new tab). */
export function TrainingCard({ training }: { training: Training }) {
  const headingId = `training-${training._id}`;
  return (
    <article className="training-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="training-card__title">
        {training.title}
      </h2>
      {training.description && <p className="training-card__description">{training.description}</p>}
      <dl className="training-card__facts">
        <div>
          <dt>
            <i className="pi pi-calendar" aria-hidden="true" /> Date &amp; Time
          </dt>
          <dd>
            <time dateTime={training.date}>{trainingDateTime(training.date)}</time>
          </dd>
        </div>
        <div>
          <dt>
            <i className="pi pi-clock" aria-hidden="true" /> Duration
          </dt>
          <dd>{training.duration || 'N/A'}</dd>
        </div>
        <div>
          <dt>
            <i className="pi pi-desktop" aria-hidden="true" /> Mode
          </dt>
          <dd>{training.mode || 'N/A'}</dd>
        </div>
      </dl>
      {training.registrationLink && (
        <a className="p-button training-card__register" href={training.registrationLink} target="_blank" rel="noopener noreferrer">
          Register Now<span className="visually-hidden"> for {training.title} (opens in a new tab)</span>
        </a>
      )}
    </article>
  );
}
