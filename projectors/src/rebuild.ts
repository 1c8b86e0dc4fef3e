import type { Db } from 'mongodb';
import { collectionOf, type EventStore } from '@placement/platform';
import { applyBatch, CopySourceCache } from './apply-batch';
import { applyChanges } from './apply-changes';
import { checkpoints, ensureCheckpoint, readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { createIndexes } from './runner';
import { skipRecorded } from './stuck';

export interface RebuildProgress {
  applied: number;
  position: number;
  head: number;
  eventsPerSecond: number;
}

export interface RebuildResult {
  generation: number;
  position: number;
  events: number;
  seconds: number;
}

/**
 * Rebuilds one read model from the start of the log into a new generation of its collections
 * while the current one keeps serving, then points the checkpoint at the new generation (readers and
 * the live runner follow within a second) and drops the old collections after a grace period.
 * An event that fails to apply stops the rebuild (the serving generation stays) unless an admin has
 * recorded a skip of exactly that position, as for the live runner.
 */
export async function rebuildProjection(
  projection: Projection,
  store: EventStore,
  db: Db,
  onProgress: (progress: RebuildProgress) => void = () => undefined,
  options: { batchSize?: number; graceMs?: number } = {},
): Promise<RebuildResult> {
  await ensureCheckpoint(db, projection.name);
  const serving = await readCheckpoint(db, projection.name);
  const generation = serving.generation + 1;
  const rename = (collection: string) => collectionOf(collection, generation);
  for (const collection of projection.collections) await db.collection(rename(collection)).drop().catch(() => undefined);
  await createIndexes(db, projection, rename);

  const started = Date.now();
  let position = 0;
  let applied = 0;
  let lastEventAt: string | null = null;
  const copySources = new CopySourceCache();
  for (;;) {
    const head = await store.headPosition();
    const batch = await store.readAll({ fromPosition: position, maxCount: options.batchSize ?? 2000 });
    if (batch.length === 0) break;
    // The batch in one write per collection; if that fails, event by event to find the one that fails.
    const batched = await (async () => applyBatch(db, batch.map((event) => ({ position: event.position, changes: projection.apply(event) })), rename, copySources))().then(
      () => true,
      () => false,
    );
    if (!batched) copySources.clear();
    for (const event of batched ? [] : batch) {
      try {
        await applyChanges(db, projection.apply(event), event.position, rename);
      } catch (error) {
        if (!(await skipRecorded(store, projection.name, event.position))) throw error;
      }
    }
    const last = batch[batch.length - 1]!;
    position = last.position;
    lastEventAt = last.metadata.occurredAt;
    applied += batch.length;
    onProgress({ applied, position, head, eventsPerSecond: applied / Math.max((Date.now() - started) / 1000, 0.001) });
  }

  await checkpoints(db).updateOne({ _id: projection.name }, { $set: { position, generation, lastEventAt, updatedAt: new Date() } });
  const graceMs = options.graceMs ?? 30_000;
  if (graceMs >= 0) {
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    for (const collection of projection.collections) await db.collection(collectionOf(collection, serving.generation)).drop().catch(() => undefined);
  }
  return { generation, position, events: applied, seconds: (Date.now() - started) / 1000 };
}
