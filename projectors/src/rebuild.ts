import type { Db, Document } from 'mongodb';
import { collectionOf, isDuplicateKeyError, refreshPlannerStatistics, type EventStore } from '@placement/platform';
import { applyBatch, CopySourceCache } from './apply-batch';
import { applyChanges } from './apply-changes';
import { checkpoints, ensureCheckpoint, GENERATION_CLAIMS, readCheckpoint } from './checkpoints';
import { ReadModelFold } from './fold';
import type { Projection } from './projection';
import { createIndexes } from './runner';
import { skipRecorded } from './stuck';
import { REDOABLE } from './redoable';

export interface RebuildProgress {
  /** The projection this report is about (the one being written; all of them while the log is read). */
  projection?: string;
  /** Reading the log (folding it in memory, or applying it in batches), writing the new generation, building its indexes. */
  phase?: 'reading' | 'writing' | 'indexing';
  applied: number;
  position: number;
  head: number;
  eventsPerSecond: number;
  /** While writing: documents written of all the fold holds. */
  written?: number;
  documents?: number;
}

export interface RebuildResult {
  generation: number;
  position: number;
  events: number;
  seconds: number;
  /** How the new generation was built: folded in memory and inserted, or applied in batches. */
  method?: 'fold' | 'batches';
  /** The generation that served before the swap (dropped after the grace period, or by the caller). */
  replaced: number;
}

export interface RebuildOptions {
  /** Events per read of the log. */
  batchSize?: number;
  /** How long the old generation stays after the swap (negative: kept). */
  graceMs?: number;
  /** Fold the log in memory and insert the result (default); false applies it in batches through the server. */
  fold?: boolean;
  /** Documents per insertMany of the folded read model. */
  insertBatch?: number;
  /** Ends the rebuild between reads and writes (before the swap): the serving generation stays. */
  signal?: AbortSignal;
  /** Projections written at once (default 2), the largest first; each writes its collections at once. */
  writers?: number;
  /** Told as soon as each projection's new generation is serving (before the others are written). */
  onBuilt?: (projection: string, result: RebuildResult) => void;
}

/**
 * The generation a rebuild writes, claimed by inserting its number (the id is unique, so the insert is
 * the one atomic step the local server and MongoDB both give): two rebuilds at once (a runner building
 * while the command line does, or two lease holders overlapping) never write or drop each other's
 * collections; each takes the first number past the serving generation that nobody has claimed.
 */
async function nextGeneration(projection: Projection, db: Db): Promise<{ serving: number; generation: number }> {
  await ensureCheckpoint(db, projection.name);
  const serving = (await readCheckpoint(db, projection.name)).generation;
  const claims = db.collection<{ _id: string; projection: string; generation: number; claimedAt: Date }>(GENERATION_CLAIMS);
  for (let generation = serving + 1; ; generation++) {
    try {
      await claims.insertOne({ _id: `${projection.name}:${generation}`, projection: projection.name, generation, claimedAt: new Date() });
    } catch (error) {
      if (isDuplicateKeyError(error)) continue;
      throw error;
    }
    await dropGeneration(projection, db, generation);
    return { serving, generation };
  }
}

/** Drops one generation's collections (those of a finished rebuild's predecessor, or a crashed one's leftovers). */
export async function dropGeneration(projection: Projection, db: Db, generation: number): Promise<void> {
  for (const collection of projection.collections) await db.collection(collectionOf(collection, generation)).drop().catch(() => undefined);
}

/** Points the checkpoint at the new generation: readers and the live runner follow it. */
async function swapIn(projection: Projection, db: Db, generation: number, position: number, lastEventAt: string | null): Promise<void> {
  // A new generation changed everything: answers cached by the old one's positions are not its answers.
  await checkpoints(db).updateOne(
    { _id: projection.name },
    { $set: { position, changedPosition: position, changedFor: position, generation, lastEventAt, updatedAt: new Date(), shape: projection.shape ?? 0 } },
  );
}

/**
 * The log applied in batches through the server into `generation` (indexes first), as the live runner
 * does; an event that fails stops it unless an admin recorded a skip of exactly that position.
 */
async function applyInBatches(projection: Projection, store: EventStore, db: Db, generation: number, onProgress: (progress: RebuildProgress) => void, batchSize: number, signal?: AbortSignal) {
  const rename = (collection: string) => collectionOf(collection, generation);
  await createIndexes(db, projection, rename);
  const started = Date.now();
  let position = 0;
  let applied = 0;
  let lastEventAt: string | null = null;
  const copySources = new CopySourceCache();
  for (;;) {
    signal?.throwIfAborted();
    const head = await store.headPosition();
    const batch = await store.readAll({ fromPosition: position, maxCount: batchSize });
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
    onProgress({ projection: projection.name, phase: 'reading', applied, position, head, eventsPerSecond: applied / Math.max((Date.now() - started) / 1000, 0.001) });
  }
  return { position, applied, lastEventAt };
}

/** insertMany commands of one collection under way at once while a folded read model is written. */
const INSERT_STREAMS = 2;

/**
 * A folded read model inserted into `generation` in large batches, its collections at once, then its
 * indexes built over it (an index built over the data costs the server one pass; kept up during the
 * inserts, one update per document and index).
 */
async function insertFolded(projection: Projection, db: Db, fold: ReadModelFold, generation: number, insertBatch: number, report: (phase: 'writing' | 'indexing', written: number) => void, signal?: AbortSignal): Promise<void> {
  const rename = (collection: string) => collectionOf(collection, generation);
  let written = 0;
  await Promise.all(
    projection.collections.map(async (collection) => {
      const documents = [...(fold.documents().get(collection)?.values() ?? [])];
      const chunks = Array.from({ length: Math.ceil(documents.length / insertBatch) }, (_, index) => documents.slice(index * insertBatch, (index + 1) * insertBatch));
      // Two streams per collection: the largest collection is written last and alone, and one stream
      // keeps one of the server's cores busy.
      await forEachAtMost(chunks, INSERT_STREAMS, async (chunk) => {
        signal?.throwIfAborted();
        await db.collection<Document>(rename(collection)).insertMany(chunk, { ordered: true, ...REDOABLE });
        written += chunk.length;
        report('writing', written);
      });
    }),
  );
  report('indexing', written);
  await createIndexes(db, projection, rename);
  // Best effort: without it the plans are poorer until autovacuum analyses the tables again.
  await refreshPlannerStatistics(db, projection.collections.map(rename)).catch(() => undefined);
}

/** `work` for every item, at most `limit` at once, in the items' order; the first failure is thrown once all have settled. */
async function forEachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
}

/**
 * Rebuilds read models from the start of the log into a new generation of their collections while the
 * current ones keep serving, then points each checkpoint at its new generation (readers and the live
 * runner follow within a second) and drops the old collections after a grace period.
 *
 * The log is read once for all of them, and each projection's changes are folded in memory
 * (`ReadModelFold`, the same documents the server would hold) and inserted in large batches before the
 * indexes are built. A projection whose changes the fold does not model, or whose insert fails, is built
 * again by applying the log in batches through the server, where an event that fails to apply stops the
 * rebuild (its serving generation stays) unless an admin has recorded a skip of exactly that position, as
 * for the live runner.
 */
export async function rebuildProjections(
  projections: readonly Projection[],
  store: EventStore,
  db: Db,
  onProgress: (progress: RebuildProgress) => void = () => undefined,
  options: RebuildOptions = {},
): Promise<Map<string, RebuildResult>> {
  const batchSize = options.batchSize ?? (options.fold === false ? 2000 : 10_000);
  const graceMs = options.graceMs ?? 30_000;
  const started = Date.now();
  const targets = new Map<string, { serving: number; generation: number }>();
  for (const projection of projections) targets.set(projection.name, await nextGeneration(projection, db));

  // One read of the log, every projection folding it.
  const folds = new Map<string, ReadModelFold>(options.fold === false ? [] : projections.map((projection) => [projection.name, new ReadModelFold()]));
  let position = 0;
  let applied = 0;
  let lastEventAt: string | null = null;
  while (folds.size > 0) {
    options.signal?.throwIfAborted();
    const head = await store.headPosition();
    const batch = await store.readAll({ fromPosition: position, maxCount: batchSize });
    if (batch.length === 0) break;
    for (const projection of projections) {
      const fold = folds.get(projection.name);
      if (!fold) continue;
      try {
        for (const event of batch) fold.apply(projection.apply(event), event.position);
      } catch {
        // Not modelled, or the projection fails on an event: the server path finds out which, exactly.
        folds.delete(projection.name);
      }
    }
    const last = batch[batch.length - 1]!;
    position = last.position;
    lastEventAt = last.metadata.occurredAt;
    applied += batch.length;
    onProgress({ phase: 'reading', applied, position, head, eventsPerSecond: applied / Math.max((Date.now() - started) / 1000, 0.001) });
  }

  const results = new Map<string, RebuildResult>();
  // Written side by side: one insert stream leaves the server's second core idle. The largest first,
  // then the rest smallest first, so the small ones serve within seconds while the largest is written.
  const ascending = [...projections].sort((a, b) => (folds.get(a.name)?.size ?? 0) - (folds.get(b.name)?.size ?? 0));
  const bySize = ascending.length > 1 ? [ascending[ascending.length - 1]!, ...ascending.slice(0, -1)] : ascending;
  await forEachAtMost(bySize, options.writers ?? 2, async (projection) => {
    const { generation } = targets.get(projection.name)!;
    const fold = folds.get(projection.name);
    folds.delete(projection.name);
    const projectionStarted = Date.now();
    let built: { position: number; applied: number; lastEventAt: string | null; method: 'fold' | 'batches' } | undefined;
    if (fold) {
      const documents = fold.size;
      const report = (phase: 'writing' | 'indexing', written: number) =>
        onProgress({ projection: projection.name, phase, applied, position, head: position, eventsPerSecond: applied / Math.max((Date.now() - started) / 1000, 0.001), written, documents });
      try {
        await insertFolded(projection, db, fold, generation, options.insertBatch ?? 1000, report, options.signal);
        built = { position, applied, lastEventAt, method: 'fold' };
      } catch {
        // Stopped: the serving generation stays. Otherwise the server refused a document (its index key
        // limit, say): the batches find the event exactly.
        options.signal?.throwIfAborted();
        await dropGeneration(projection, db, generation);
      }
    }
    built ??= { ...(await applyInBatches(projection, store, db, generation, onProgress, options.fold === false ? batchSize : 2000, options.signal)), method: 'batches' };
    options.signal?.throwIfAborted();
    await swapIn(projection, db, generation, built.position, built.lastEventAt);
    const { serving } = targets.get(projection.name)!;
    const result = { generation, replaced: serving, position: built.position, events: built.applied, seconds: (Date.now() - (built.method === 'fold' ? started : projectionStarted)) / 1000, method: built.method };
    results.set(projection.name, result);
    options.onBuilt?.(projection.name, result);
  });
  if (graceMs >= 0) {
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    for (const projection of projections) await dropGeneration(projection, db, targets.get(projection.name)!.serving);
  }
  return results;
}

/** Rebuilds one read model (see rebuildProjections). */
export async function rebuildProjection(
  projection: Projection,
  store: EventStore,
  db: Db,
  onProgress: (progress: RebuildProgress) => void = () => undefined,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  return (await rebuildProjections([projection], store, db, onProgress, options)).get(projection.name)!;
}
