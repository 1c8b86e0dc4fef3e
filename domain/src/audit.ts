import type { Actor } from './decider';

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

/**
 * The portal acting without a signed-in account, by the name the audit history shows for it (the
 * event's metadata carries it as `actorName`, with no actor id: never a made-up account).
 */
export const SYSTEM_ACTORS = {
  /** `npm run admin`: an operator at the servers' command line. */
  commandLine: { id: null, role: 'system', name: 'command line (npm run admin)' },
  /** command-api making the first admin at start from BOOTSTRAP_ADMIN_EMAIL. */
  bootstrap: { id: null, role: 'system', name: 'start-up (BOOTSTRAP_ADMIN_EMAIL)' },
  /** `npm run demo`: the demo season's accounts (what happens in the season is done by its people). */
  demo: { id: null, role: 'system', name: 'demo season (npm run demo)' },
} as const satisfies Record<string, Actor>;
