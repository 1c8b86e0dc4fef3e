import type { Request, Response } from 'express';
import { applicationStreamId, auditLogReplySchema, auditStreamReplySchema, jobStreamId, userStreamId, type Actor, type AuditEntry, type AuditFieldChange, type AuditLogReply, type AuditStreamReply } from '@placement/domain';
import { actorOf, HttpError, loadUser, type EventStore, type RecordedEvent, type RouteSpec } from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { commaSeparated } from '../lists';
import { applicantIn } from '../ownership';

export const AUDIT_MESSAGES = {
  notFound: 'No history found for this record',
  forbidden: 'You may only read the history of your own applications',
  invalidInstant: 'Please enter a valid date or date-time',
} as const;

/** Keys whose values never leave the event store through the audit view, at any depth. */
const SECRET_KEYS: ReadonlySet<string> = new Set(['passwordHash', 'tokenHash', 'verificationTokenHash', 'password', 'token', 'encryptedSecret', 'recoveryCodeHashes', 'codeHash']);

/** The audit log reads this many events per round trip, and at most `AUDIT_SCAN_LIMIT` per request. */
export const AUDIT_BATCH_SIZE = 500;
export const AUDIT_SCAN_LIMIT = 5000;
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

/** A JSON value without its secrets. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (SECRET_KEYS.has(key) ? [] : [[key, withoutSecrets(item)]])));
}

/** Events that move one field from a value to another, and which field; `to`/`from` given where the event implies them. */
const FIELD_MOVES: Readonly<Record<string, { field: string; from?: unknown; to?: unknown }>> = {
  UserRoleChanged: { field: 'role' },
  UserStatusChanged: { field: 'status' },
  EmailVerified: { field: 'verified', from: false, to: true },
  JobApproved: { field: 'status', to: 'approved' },
  JobRejected: { field: 'status', to: 'rejected' },
  ApplicationStatusChanged: { field: 'status' },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The before and after of each field an event changed, by field name: edits carry `{ before, after }`
 * of the changed fields; status and role moves carry `from`/`to`. Null for events that change no existing field
 * (creations, deletions, notifications).
 */
export function changesOf(type: string, data: unknown): AuditFieldChange[] | null {
  if (!isRecord(data)) return null;
  if (isRecord(data.before) && isRecord(data.after)) {
    const { before, after } = data;
    // Alphabetical: the store does not keep the keys of a JSON object in order (PostgreSQL's jsonb).
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return fields.map((field) => ({ field, before: withoutSecrets(before[field] ?? null), after: withoutSecrets(after[field] ?? null) }));
  }
  const move = FIELD_MOVES[type];
  if (!move) return null;
  return [{ field: move.field, before: move.from ?? data.from ?? null, after: move.to ?? data.to ?? null }];
}

/** Actors' names by id, each read once per request from the actor's own stream (names survive deletion there). */
function actorNames(store: EventStore): (actorId: string) => Promise<string | undefined> {
  const names = new Map<string, Promise<string | undefined>>();
  return (actorId) => {
    let name = names.get(actorId);
    if (!name) {
      name = loadUser(store, actorId).then((user) => (user.exists ? user.fullName : undefined));
      names.set(actorId, name);
    }
    return name;
  };
}

/**
 * Who may see which actor ids: admins every one; anyone else only their own. A student reading their
 * application's history sees the staff who acted on it by name and role: an admin's id is what a forged
 * token would need, and it is of no use to the student.
 */
export const actorIdShownTo = (viewer: Actor) => (actorId: string | null): string | null =>
  viewer.role === 'admin' || actorId === viewer.id ? actorId : null;

async function entriesOf(store: EventStore, events: readonly RecordedEvent[], viewer: Actor): Promise<AuditEntry[]> {
  const nameOf = actorNames(store);
  const shownId = actorIdShownTo(viewer);
  return Promise.all(
    events.map(async (event) => {
      const { actorId, actorRole, actorName, occurredAt } = event.metadata;
      // An account by the name on its stream; the portal's own actors (the command line, start-up) by the name they carry.
      const name = actorId ? await nameOf(actorId) : actorName;
      return {
        position: event.position,
        revision: event.revision,
        type: event.type,
        occurredAt,
        actor: { id: shownId(actorId), role: actorRole, ...(name === undefined ? {} : { name }) },
        changes: changesOf(event.type, event.data),
        data: withoutSecrets(event.data),
      };
    }),
  );
}

const instant = () =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || value === '' || !Number.isNaN(Date.parse(value)), { error: AUDIT_MESSAGES.invalidInstant })
    .transform((value) => (value ? Date.parse(value) : undefined));

export const auditLogQuery = z.object({
  /** The actor's user id. */
  actor: z.string().trim().min(1).optional(),
  /** Event types, comma-separated. */
  type: commaSeparated(),
  /** Occurred at or after (ISO 8601 date or date-time). */
  from: instant(),
  /** Occurred at or before. */
  to: instant(),
  /** Continue after this global position (the previous page's nextAfter). */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
});
type AuditLogQuery = z.output<typeof auditLogQuery>;

function matches(query: AuditLogQuery): (event: RecordedEvent) => boolean {
  const types = query.type ? new Set(query.type) : null;
  return (event) => {
    if (query.actor !== undefined && event.metadata.actorId !== query.actor) return false;
    if (types && !types.has(event.type)) return false;
    const at = Date.parse(event.metadata.occurredAt);
    if (query.from !== undefined && at < query.from) return false;
    if (query.to !== undefined && at > query.to) return false;
    return true;
  };
}

/**
 * One page of the whole log: reads forward from `after` in batches, keeps what matches, and stops at
 * `limit` matches or after `AUDIT_SCAN_LIMIT` events. `nextAfter` continues the scan; null once the
 * end of the log was reached.
 */
export async function scanLog(store: EventStore, query: AuditLogQuery): Promise<{ events: RecordedEvent[]; nextAfter: number | null }> {
  const isMatch = matches(query);
  const found: RecordedEvent[] = [];
  let cursor = query.after;
  let scanned = 0;
  while (scanned < AUDIT_SCAN_LIMIT) {
    const requested = Math.min(AUDIT_BATCH_SIZE, AUDIT_SCAN_LIMIT - scanned);
    const batch = await store.readAll({ fromPosition: cursor, maxCount: requested });
    for (const event of batch) {
      cursor = event.position;
      scanned += 1;
      if (isMatch(event)) found.push(event);
      if (found.length === query.limit) return { events: found, nextAfter: cursor };
    }
    if (batch.length < requested) return { events: found, nextAfter: null };
  }
  return { events: found, nextAfter: cursor };
}

export function auditRoutes(deps: QueryApiDeps): RouteSpec[] {
  async function timeline(res: Response, streamId: string, events: readonly RecordedEvent[]) {
    if (events.length === 0) throw new HttpError(404, AUDIT_MESSAGES.notFound);
    const reply: AuditStreamReply = { streamId, events: await entriesOf(deps.store, events, actorOf(res)) };
    res.json(reply);
  }

  const streamTimeline = (streamOf: (id: string) => string) => async (req: Request, res: Response) => {
    const streamId = streamOf(String(req.params.id));
    await timeline(res, streamId, await deps.store.readStream(streamId));
  };

  /** Admins read any application's history; a student only one they submitted (else 403, whether it exists or not). */
  async function applicationTimeline(req: Request, res: Response) {
    const streamId = applicationStreamId(String(req.params.id));
    const events = await deps.store.readStream(streamId);
    const actor = actorOf(res);
    if (actor.role !== 'admin' && applicantIn(events) !== actor.id) throw new HttpError(403, AUDIT_MESSAGES.forbidden);
    await timeline(res, streamId, events);
  }

  async function log(res: Response) {
    const { events, nextAfter } = await scanLog(deps.store, res.locals.query as AuditLogQuery);
    const entries = await entriesOf(deps.store, events, actorOf(res));
    const reply: AuditLogReply = { events: entries.map((entry, index) => ({ streamId: events[index]!.streamId, ...entry })), nextAfter };
    res.json(reply);
  }

  const timelineRoute = (path: string, summary: string, handler: RouteSpec['handler'], action: 'audit.read' | 'audit.readApplication' = 'audit.read'): RouteSpec => ({
    method: 'get',
    paths: [path],
    action,
    summary,
    tags: ['audit'],
    responds: { status: 200, description: 'The stream and its events, oldest first: who (id, role, name), when, what, the before and after of changed fields', schema: auditStreamReplySchema },
    handler,
  });

  return [
    timelineRoute('/api/audit/jobs/:id', "A job's full history from the event store", streamTimeline(jobStreamId)),
    timelineRoute('/api/audit/applications/:id', "An application's full history; a student may read only their own", applicationTimeline, 'audit.readApplication'),
    timelineRoute('/api/audit/users/:id', "An account's full history (secrets such as password hashes removed)", streamTimeline(userStreamId)),
    {
      method: 'get',
      paths: ['/api/audit'],
      action: 'audit.read',
      summary: `The whole event log, page by page: filters by actor id, event types, and time (from, to); each request reads at most ${AUDIT_SCAN_LIMIT} events after \`after\`, so a page may hold fewer than \`limit\`; continue with nextAfter until it is null`,
      tags: ['audit'],
      query: auditLogQuery,
      responds: { status: 200, description: '{ events, nextAfter }', schema: auditLogReplySchema },
      handler: (_req, res) => log(res),
    },
  ];
}
