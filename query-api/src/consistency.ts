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
 * Read-your-writes. A client that sends back the `position` of its last command (header
 * X-Consistency-Position) is answered only once the read models this route reads have applied it,
 * or after about two seconds with `X-Consistency: stale`.
 */
export function consistentWith(db: Db, projections: readonly ProjectionName[], waitMs = CONSISTENCY_WAIT_MS): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers['x-consistency-position'];
    const position = Number(Array.isArray(header) ? header[0] : header);
    if (!header || !Number.isSafeInteger(position) || position <= 0) return next();
    const deadline = Date.now() + waitMs;
    for (let delay = 10; ; delay = Math.min(delay * 2, 100)) {
      if (await reached(db, projections, position)) {
        res.setHeader('X-Consistency', 'consistent');
        return next();
      }
      if (Date.now() + delay > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    res.setHeader('X-Consistency', 'stale');
    next();
  };
}
