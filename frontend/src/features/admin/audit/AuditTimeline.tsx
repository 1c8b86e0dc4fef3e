import { capitalise, localDateTime } from '../format';
import { DataTable } from '../table/DataTable';
import { AUDIT_TEXT, displayValue, eventLabel } from './format';
import type { AuditEntry } from './types';

export const actorLabel = (actor: AuditEntry['actor']): string => actor.name ?? actor.id ?? AUDIT_TEXT.system;

function Changes({ entry }: { entry: AuditEntry }) {
  if (!entry.changes || entry.changes.length === 0) return <p className="audit-event__none">{AUDIT_TEXT.noChanges}</p>;
  return (
    <DataTable className="audit-changes" caption="Changed fields" headers={['Field', 'Before', 'After']}>
      {entry.changes.map((change) => (
        <tr key={change.field}>
          <th scope="row">{change.field}</th>
          <td>{displayValue(change.before)}</td>
          <td>{displayValue(change.after)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** One record's events, oldest first: what happened, who did it (name, role), when, and each changed field before and after. */
export function AuditTimeline({ events }: { events: AuditEntry[] }) {
  return (
    <ol className="audit-timeline" aria-label="Events">
      {events.map((entry) => (
        <li key={entry.position} className="audit-event">
          <div className="audit-event__head">
            <strong>{eventLabel(entry.type)}</strong>
            <time dateTime={entry.occurredAt}>{localDateTime(entry.occurredAt)}</time>
          </div>
          <p className="audit-event__actor">
            by {actorLabel(entry.actor)}
            {entry.actor.role && <span className={`admin-badge admin-badge--role-${entry.actor.role}`}>{capitalise(entry.actor.role)}</span>}
          </p>
          <Changes entry={entry} />
          <details className="audit-event__data">
            <summary>Event data</summary>
            <pre>{JSON.stringify(entry.data, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
