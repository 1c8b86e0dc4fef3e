import { useAppSelector } from '../../../app/hooks';
import { MY_APPLICATIONS_MESSAGES, selectMyApplications } from '../myApplicationsSlice';
import { dateTime, describeEntry } from '../format';

/** Beyond the spec: the application's history (audit log), oldest first. */
export function ApplicationHistory({ applicationId }: { applicationId: string }) {
  const history = useAppSelector(selectMyApplications).histories[applicationId];
  if (!history || history.status === 'loading' || history.status === 'idle') {
    return (
      <p className="history__note" role="status">
        Loading history...
      </p>
    );
  }
  if (history.status === 'missing') return <p className="history__note">{MY_APPLICATIONS_MESSAGES.historyMissing}</p>;
  if (history.status === 'failed') return <p className="history__note history__note--error">{MY_APPLICATIONS_MESSAGES.historyFailed}</p>;
  if (history.events.length === 0) return <p className="history__note">{MY_APPLICATIONS_MESSAGES.historyMissing}</p>;
  return (
    <ol className="history" aria-label="Application history">
      {history.events.map((entry) => (
        <li key={entry.position} className="history__entry">
          <span className="history__dot" aria-hidden="true" />
          <div>
            <p className="history__what">{describeEntry(entry.type, entry.changes)}</p>
            <p className="history__when">
              <time dateTime={entry.occurredAt}>{dateTime(entry.occurredAt)}</time>
              {entry.actor?.name ? ` · ${entry.actor.name}` : entry.actor?.role ? ` · ${entry.actor.role}` : ''}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
