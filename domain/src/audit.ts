/**
 * The audit history as the query-api answers it (GET /api/audit/...): written here once for the query-api,
 * which builds these replies, and the admin panel, which reads them.
 */

/** One field an event changed: its value before and after (secrets removed). */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One event of a stream: what happened, when, who did it (id, role, name when known) and the fields it changed. */
export interface AuditEntry {
  position: number;
  revision: number;
  type: string;
  occurredAt: string;
  actor: { id: string | null; role: string | null; name?: string };
  /** Null for events that change no existing field (creations, deletions, notifications). */
  changes: AuditFieldChange[] | null;
  data: unknown;
}

/** One record's history, oldest first (GET /api/audit/{jobs,applications,users}/:id). */
export interface AuditStreamReply {
  streamId: string;
  events: AuditEntry[];
}

/** A page of the whole log, each event with its stream (GET /api/audit); `nextAfter` is null at the end of the log. */
export interface AuditLogReply {
  events: (AuditEntry & { streamId: string })[];
  nextAfter: number | null;
}
