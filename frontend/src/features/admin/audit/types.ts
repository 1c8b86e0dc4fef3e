/** The audit history as the query-api answers it (GET /api/audit/...). */
export type AuditKind = 'jobs' | 'applications' | 'users';
export const AUDIT_KINDS: readonly AuditKind[] = ['jobs', 'applications', 'users'];

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  position: number;
  revision: number;
  type: string;
  occurredAt: string;
  actor: { id: string | null; role: string | null; name?: string };
  changes: FieldChange[] | null;
  data: unknown;
  /** Present in the whole-log browse. */
  streamId?: string;
}

export interface Timeline {
  streamId: string;
  events: AuditEntry[];
}

export interface LogFilters {
  actor: string;
  /** Event types, comma-separated. */
  type: string;
  /** YYYY-MM-DD, or ''. */
  from: string;
  to: string;
}

export interface LogPage {
  events: (AuditEntry & { streamId: string })[];
  nextAfter: number | null;
}
