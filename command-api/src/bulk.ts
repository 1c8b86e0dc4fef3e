import type { Response } from 'express';
import type { BulkReply } from '@placement/domain';
import { problemOf } from '@placement/platform';
import { z } from 'zod';
import type { CommandApiDeps } from './deps';
import { positionOf } from './execute';

export type BulkResult = BulkReply['results'][number];

/** More ids than any screen selects: a bound on the work one request may cause. */
export const MAX_BULK_IDS = 500;
export const TOO_MANY_IDS_MESSAGE = `At most ${MAX_BULK_IDS} items can be changed at once.`;

/** The `ids` of a bulk request: at least one, each non-blank; a repeated id is done once. */
export const bulkIdsSchema = (noSelectionMessage: string) =>
  z
    .array(z.string({ error: noSelectionMessage }).trim().min(1, { error: noSelectionMessage }), { error: noSelectionMessage })
    .min(1, { error: noSelectionMessage })
    .max(MAX_BULK_IDS, { error: TOO_MANY_IDS_MESSAGE })
    .transform((ids) => [...new Set(ids)]);

/**
 * Does `act` for each id on its own, one after the other: a refusal for one id neither stops nor
 * undoes the others, and the reply says what happened to each.
 */
export async function forEachId(deps: CommandApiDeps, res: Response, ids: readonly string[], act: (id: string) => Promise<{ position: number }>): Promise<BulkReply> {
  const results: BulkResult[] = [];
  for (const id of ids) results.push(await attempt(deps, id, act));
  return { results, position: positionOf(res) };
}

async function attempt(deps: CommandApiDeps, id: string, act: (id: string) => Promise<{ position: number }>): Promise<BulkResult> {
  try {
    return { id, ok: true, position: (await act(id)).position };
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return { id, ok: false, status: problem.status, message: problem.message };
    deps.logger.error({ err: error, id }, 'bulk item failed');
    return { id, ok: false, status: 500, message: 'Internal server error' };
  }
}
