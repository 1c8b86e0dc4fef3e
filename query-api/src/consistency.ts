import type { RequestHandler } from 'express';
import type { Db } from 'mongodb';
import { CHECKPOINT_COLLECTION, type ProjectionName } from '@placement/platform';

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

/**
 * Read-your-writes. A client that sends back the `position` of its last command (header
 * X-Consistency-Position) is answered only once the read models this route reads have applied it,
 * or after about two seconds with `X-Consistency: stale`.
 */
export function consistentWith(db: Db, projections: readonly ProjectionName[], waitMs = CONSISTENCY_WAIT_MS): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers['x-consistency-position'];
    const position = Number(Array.isArray(header) ? header[0] : header);
    if (!header || !Number.isSafeInteger(position) || position <= 0) return next();
    res.setHeader('X-Consistency', (await awaitPosition(db, projections, position, waitMs)) ? 'consistent' : 'stale');
    next();
  };
}
