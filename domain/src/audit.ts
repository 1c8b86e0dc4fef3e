import { z } from 'zod';
import type { Actor } from './decider';

/**
 * The audit history as the query-api answers it (GET /api/audit/...): written here once for the query-api,
 * which builds these replies, and the admin panel, which reads them.
 */

/** One field an event changed: its value before and after (secrets removed). */
export const auditFieldChangeSchema = z.strictObject({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditFieldChange = z.infer<typeof auditFieldChangeSchema>;

/** One event of a stream: what happened, when, who did it (id, role, name when known) and the fields it changed. */
export const auditEntrySchema = z.strictObject({
  position: z.number(),
  revision: z.number(),
  type: z.string(),
  occurredAt: z.string(),
  actor: z.strictObject({ id: z.string().nullable(), role: z.string().nullable(), name: z.string().optional() }),
  changes: z.array(auditFieldChangeSchema).nullable().describe('Null for events that change no existing field (creations, deletions, notifications)'),
  data: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One record's history, oldest first (GET /api/audit/{jobs,applications,users}/:id). */
export const auditStreamReplySchema = z.strictObject({ streamId: z.string(), events: z.array(auditEntrySchema) });
export type AuditStreamReply = z.infer<typeof auditStreamReplySchema>;

/** A page of the whole log, each event with its stream (GET /api/audit); `nextAfter` is null at the end of the log. */
export const auditLogReplySchema = z.strictObject({ events: z.array(auditEntrySchema.extend({ streamId: z.string() })), nextAfter: z.number().nullable() });
export type AuditLogReply = z.infer<typeof auditLogReplySchema>;

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
