import type { RequestHandler } from 'express';
import type { Db } from 'mongodb';
import { actorOf, CHECKPOINT_COLLECTION, type EventStore, type ProjectionName } from '@placement/platform';

export const CONSISTENCY_WAIT_MS = 2000;

async function reached(db: Db, projections: readonly ProjectionName[], position: number): Promise<boolean> {
  const checkpoints = await db
    .collection<{ _id: string; position: number }>(CHECKPOINT_COLLECTION)
    .find({ _id: { $in: [...projections] } })
    .toArray();
  return projections.every((name) => (checkpoints.find((c) => c._id === name)?.position ?? 0) >= position);
}

/**
 * Waits (bounded) until every one of `projections` has applied `position`; false when time ran out.
 */
export async function awaitPosition(db: Db, projections: readonly ProjectionName[], position: number, waitMs = CONSISTENCY_WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 100)) {
    if (await reached(db, projections, position)) return true;
    if (Date.now() + delay > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** Where a wait learns how far the read models and the log are. */
export interface ConsistencySource {
  db: Db;
  store: Pick<EventStore, 'headPosition'>;
}

/** The position a read waits for: the client's, but never past the head of the log (no projection gets further). */
export const positionToAwait = (requested: number, head: number): number => Math.min(requested, head);

/**
 * Read-your-writes. A signed-in client that sends back the `position` of its last command (header
 * X-Consistency-Position) is answered only once the read models this route reads have applied it,
 * or after about two seconds with `X-Consistency: stale`. Only signed-in callers wait (a visitor's
 * submissions are held for review or pending approval, so a visitor has nothing to read back), and
 * only up to the head of the log: a far-future position holds no request for two seconds.
 */
export function consistentWith(source: ConsistencySource, projections: readonly ProjectionName[], waitMs = CONSISTENCY_WAIT_MS): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers['x-consistency-position'];
    const position = Number(Array.isArray(header) ? header[0] : header);
    if (!header || !Number.isSafeInteger(position) || position <= 0) return next();
    if (actorOf(res).id === null) return next();
    const target = positionToAwait(position, await source.store.headPosition());
    res.setHeader('X-Consistency', (await awaitPosition(source.db, projections, target, waitMs)) ? 'consistent' : 'stale');
    next();
  };
}
