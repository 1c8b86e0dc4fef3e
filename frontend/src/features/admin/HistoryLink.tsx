import { Link } from 'react-router-dom';
import { PATHS } from '../../shared/routes';

export type AuditKind = 'jobs' | 'applications';

/** Where the panel's audit section shows one job's or application's history. */
export const historyHref = (kind: AuditKind, id: string): string => `${PATHS.adminPanel}?${new URLSearchParams({ section: 'audit', kind, id }).toString()}`;

/** The "History" button of a details overlay: opens the audit section on this record (`onFollow` closes the overlay). */
export function HistoryLink({ kind, id, onFollow }: { kind: AuditKind; id: string; onFollow?: () => void }) {
  return (
    <Link className="admin-btn" to={historyHref(kind, id)} onClick={onFollow}>
      <i className="pi pi-history" aria-hidden="true" /> History
    </Link>
  );
}
