import type { Collection, Db, IndexDescriptionInfo } from 'mongodb';
import { collectionOf, type EventStore, type Logger, type RecordedEvent, type Subscription } from '@placement/platform';
import { applyBatch, CopySourceCache, type BatchMethod } from './apply-batch';
import { applyChanges } from './apply-changes';
import { ensureCheckpoint, markPending, readCheckpoint, recordShapeOfEmpty, saveCheckpoint, saveStuck } from './checkpoints';
import { dropGeneration, rebuildProjection, type RebuildProgress } from './rebuild';
import type { Projection } from './projection';
import type { SharedRebuilds } from './shared-rebuild';
import { backoffDelay, DEFAULT_BACKOFF, skipRecorded, sleep, stuckAt, type Backoff, type StuckEvent } from './stuck';

export interface RunnerOptions {
  /** Save the checkpoint after this many events, or when the log goes quiet, whichever first. */
  checkpointEvery?: number;
  checkpointIdleMs?: number;
  /** How often to look for a rebuild that swapped the collections. */
  generationCheckMs?: number;
  /** Restart delay after the subscription fails (the checkpoint makes the restart safe). */
  retryDelayMs?: number;
  /** Waits between tries of an event that failed to apply (default 0.5 s doubling to 30 s). */
  backoff?: Backoff;
  /**
   * Events applied together at most: their changes folded per document and written with one bulkWrite
   * per collection (default 20,000). 1 applies every event on its own, as before batching. While the
   * runner catches up to the head it found at its start, it waits for a full batch (or the head); after
   * that a batch is what arrived while the one before was written.
   */
  batchSize?: number;
  /** While catching up, a batch not yet full is applied after this long without one (default 500 ms). */
  catchUpWaitMs?: number;
  /** How a batch is written: folded in memory, one write per changed document (default), or merged writes (the earlier path, kept for comparison). */
  batchMethod?: BatchMethod;
  /**
   * At its start, a runner this many events or more behind the head, and further behind than it has
   * come, rebuilds its read model (the log folded in memory, see rebuild.ts) before it follows the log:
   * catching up through the server costs a write per document and batch, a rebuild one insert per
   * document. Default 50,000; 0 never rebuilds.
   */
  rebuildBehind?: number;
  /** Rebuilds shared with the other runners of the process (one read of the log for all); default: its own. */
  rebuilds?: SharedRebuilds;
  now?: () => Date;
}

export interface ProjectionProgress {
  projection: string;
  position: number;
  lastEventAt: string | null;
  /** The event it cannot apply and keeps trying, or null while it moves. */
  stuck: StuckEvent | null;
  /** Tries of failed events repeated since the process started. */
  retries: number;
  /** Events an admin's skip moved it past since the process started. */
  skipped: number;
}

/**
 * Keeps one projection's read model up to date: follows the global log from its checkpoint, applies
 * each event's changes (idempotent per document), and saves the checkpoint beside the data.
 * A crash anywhere replays from the last saved checkpoint; the per-document guard skips what was applied.
 * A failed write or checkpoint save does the same without a crash (see `rewind`): the read-model server
 * may have lost writes it acknowledged, which nothing later may be written on top of.
 *
 * An event whose changes fail to apply stops the projection there: the checkpoint never passes it.
 * The runner tries it again with a growing wait, reports it (`progress.stuck`, on /metrics), and moves on
 * only once it applies or once an admin has recorded a skip of exactly that position in the
 * projection's stream (`ProjectionEventSkipped`), which it looks for after every failed try.
 */
export class ProjectionRunner {
  private subscription: Subscription | undefined;
  private generation = 0;
  private position = 0;
  /** The last event whose changes this projection wrote (or may have written): the checkpoint's `changedPosition`. */
  private changedPosition = 0;
  private lastEventAt: string | null = null;
  private unsaved = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private generationTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private saving: Promise<void> = Promise.resolve();
  private stuck: StuckEvent | null = null;
  private retries = 0;
  private skipped = 0;
  /** Aborted when the subscription is stopped, so that a wait between tries ends at once. */
  private halt = new AbortController();
  /** Events delivered and not yet applied; applied together by `flush`. */
  private buffer: RecordedEvent[] = [];
  private flushing: Promise<void> = Promise.resolve();
  /** The last full batch handed to `flush`, which the next full one waits for. */
  private fullBatch: Promise<void> = Promise.resolve();
  private flushScheduled = false;
  /** Up to here a batch may have been in flight when the last run ended: applied event by event. */
  private replayUpTo = 0;
  /** The last event whose changes this run sent to the read-model server (written, or maybe written). */
  private attempted = 0;
  /** Set from a failed write until the runner has gone back to its saved checkpoint (`rewind`). */
  private rewinding = false;
  /** Raised by every rewind: a checkpoint save queued before it is not made. */
  private epoch = 0;
  private readonly copySources = new CopySourceCache();
  /** The head of the log when the subscription started: up to here batches wait until they are full. */
  private catchUpTo = 0;
  private catchUpTimer: NodeJS.Timeout | undefined;
  /** When the last event behind the head came (ms since the epoch). */
  private lastDelivered = 0;
  /** A rebuild this runner started because it was far behind, which it follows the log after. */
  private rebuilding: Promise<void> | undefined;
  private rebuildAbort = new AbortController();

  /** The collections of the generation this runner serves. */
  private readonly rename = (collection: string) => collectionOf(collection, this.generation);

  constructor(
    private readonly projection: Projection,
    private readonly store: EventStore,
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: RunnerOptions = {},
  ) {}

  get progress(): ProjectionProgress {
    return { projection: this.projection.name, position: this.position, lastEventAt: this.lastEventAt, stuck: this.stuck, retries: this.retries, skipped: this.skipped };
  }

  async start(): Promise<void> {
    this.stopped = false;
    await ensureCheckpoint(this.db, this.projection.name, this.projection.shape);
    await this.subscribeFromCheckpoint({ mayRebuild: true });
    this.generationTimer = setInterval(() => void this.followRebuilds(), this.options.generationCheckMs ?? 1000);
  }

  /** At least `rebuildBehind` events behind, and further behind than it has come: a rebuild reads the whole log. */
  private isFarBehind(position: number): boolean {
    const rebuildBehind = this.options.rebuildBehind ?? 50_000;
    const behind = this.catchUpTo - position;
    return rebuildBehind > 0 && behind >= rebuildBehind && behind > position;
  }

  /**
   * Builds a new generation from the whole log, swaps it in and follows the log from there. A failure
   * (the fold or an event the server refuses, a stuck event) leaves the serving generation, which the
   * runner then catches up as ever, where a failing event is found and reported exactly.
   */
  private async rebuildThenFollow(reason: string, behind: number): Promise<void> {
    const { name } = this.projection;
    this.logger.info({ projection: name, behind, shape: this.projection.shape ?? 0 }, `${reason}: rebuilding the read model before following it`);
    let lastReport = 0;
    const report = (progress: RebuildProgress) => {
      if (Date.now() - lastReport < 5000) return;
      lastReport = Date.now();
      this.logger.info({ projection: name, phase: progress.phase, applied: progress.applied, head: progress.head, written: progress.written, documents: progress.documents }, 'rebuilding');
    };
    try {
      const { rebuilds } = this.options;
      const signal = this.rebuildAbort.signal;
      const rebuilt = rebuilds ? await rebuilds.rebuild(this.projection, report, signal) : await rebuildProjection(this.projection, this.store, this.db, report, { graceMs: -1, signal });
      this.logger.info({ projection: name, events: rebuilt.events, seconds: rebuilt.seconds, method: rebuilt.method, generation: rebuilt.generation }, 'rebuilt; following the log');
      // Readers move to the new generation within a second or so; the old one goes after theirs.
      setTimeout(() => void dropGeneration(this.projection, this.db, rebuilt.replaced), 30_000).unref();
    } catch (error) {
      if (this.rebuildAbort.signal.aborted) return;
      this.logger.error({ err: error, projection: name }, 'rebuild failed; catching up through the server instead');
    }
    if (!this.stopped) await this.subscribeFromCheckpoint().catch((error: unknown) => this.restartAfter(error));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.rebuildAbort.abort(new Error('projection runner stopped'));
    await this.rebuilding;
    clearInterval(this.generationTimer);
    clearTimeout(this.idleTimer);
    await this.stopSubscription();
    await this.saveNow();
  }

  private async stopSubscription(): Promise<void> {
    this.halt.abort(new Error('projection runner stopped'));
    clearTimeout(this.catchUpTimer);
    this.catchUpTimer = undefined;
    await this.subscription?.stop();
    this.buffer = [];
    await this.flushing;
    this.fullBatch = Promise.resolve();
  }

  private async subscribeFromCheckpoint({ mayRebuild = false } = {}): Promise<void> {
    const checkpoint = await readCheckpoint(this.db, this.projection.name);
    this.generation = checkpoint.generation;
    this.position = checkpoint.position;
    this.changedPosition = checkpoint.changedPosition ?? checkpoint.position;
    this.lastEventAt = checkpoint.lastEventAt;
    this.catchUpTo = await this.store.headPosition().catch(() => 0);
    const shape = this.projection.shape ?? 0;
    const builtByAnotherShape = (checkpoint.shape ?? 0) !== shape;
    if (builtByAnotherShape && checkpoint.position === 0) await recordShapeOfEmpty(this.db, this.projection.name, checkpoint.generation, shape);
    const rebuildFor = builtByAnotherShape && checkpoint.position > 0 ? 'built by another shape' : this.isFarBehind(checkpoint.position) ? 'far behind the log' : null;
    if (mayRebuild && rebuildFor) {
      // In the background: a start must return (the lease is renewed between starts). The log is
      // followed once the rebuild is in; until then `followRebuilds` leaves the runner alone.
      this.rebuildAbort = new AbortController();
      this.rebuilding = this.rebuildThenFollow(rebuildFor, this.catchUpTo - checkpoint.position).finally(() => {
        this.rebuilding = undefined;
      });
      return;
    }
    // A rewind follows the same read model on: its indexes are in place (and one made by hand stays).
    if (!this.rewinding) await createIndexes(this.db, this.projection, this.rename);
    this.halt = new AbortController();
    // After a rewind, event by event up to the last event this run sent: any of it may have been lost.
    this.replayUpTo = Math.max(checkpoint.pending ?? 0, this.rewinding ? this.attempted : 0);
    this.copySources.clear();
    if (!this.rewinding) {
      this.stuck = null;
      // Whatever an earlier run saved is tried afresh (and saved again if it still fails).
      if (checkpoint.stuck) await this.reportStuck(null);
    }
    this.rewinding = false;
    this.subscription = this.store.subscribeToAll({
      fromPosition: checkpoint.position,
      onEvent: (event) => this.handle(event),
      // While going back (`rewind`), the flush's halt may end a delivery: the rewind resubscribes.
      onError: (error) => {
        if (!this.rewinding) this.restartAfter(error);
      },
    });
  }

  /**
   * Collects the event; the batch is applied once it is full or once the subscription has handed over
   * what it read (the flush is scheduled behind the delivery of the events at hand).
   */
  private async handle(event: RecordedEvent): Promise<void> {
    this.buffer.push(event);
    if (this.buffer.length >= (this.options.batchSize ?? 20_000)) {
      // The next batch is read while this one is written; the one before must be written by then
      // (at most one batch waits), and its failure ends the subscription as ever.
      const previous = this.fullBatch;
      const run = this.flush();
      run.catch(() => undefined);
      this.fullBatch = run;
      await previous;
      return;
    }
    if (event.position < this.catchUpTo) {
      // Behind: more of the log is on its way, and a larger batch costs fewer writes per event (a
      // document written in two batches is inserted, then read and replaced). Applied once full, or
      // once no event has come for the wait (not a wait from the batch's first event: a log still
      // being read would be cut into batches by time).
      this.lastDelivered = Date.now();
      this.catchUpTimer ??= this.waitForMore(this.options.catchUpWaitMs ?? 500);
      return;
    }
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      // Rejects only when the runner is stopping (the subscription's own flush reports that).
      this.flush().catch(() => undefined);
    });
  }

  private waitForMore(waitMs: number): NodeJS.Timeout {
    return setTimeout(() => {
      const quiet = Date.now() - this.lastDelivered;
      if (quiet < waitMs) {
        this.catchUpTimer = this.waitForMore(waitMs - quiet);
        return;
      }
      this.catchUpTimer = undefined;
      this.flush().catch(() => undefined);
    }, waitMs);
  }

  /** Applies what is buffered, after any flush still running; its events in order, never two at once. */
  private flush(): Promise<void> {
    clearTimeout(this.catchUpTimer);
    this.catchUpTimer = undefined;
    const halt = this.halt.signal;
    const run = this.flushing.then(async () => {
      const batch = this.buffer.splice(0);
      try {
        if (batch.length > 0 && !halt.aborted) await this.applyInOrder(batch, halt);
      } catch (error) {
        if (!(error instanceof WriteFailed)) throw error;
        this.rewind(error.cause);
      }
    });
    this.flushing = run.catch(() => undefined);
    return run;
  }

  /**
   * A batch in one write per collection; when that fails (or part of it may already have been written
   * by a run that ended in the middle), event by event, so that the failing event is found exactly and
   * the checkpoint never passes it.
   */
  private async applyInOrder(batch: RecordedEvent[], halt: AbortSignal): Promise<void> {
    const replay = batch.filter((event) => event.position <= this.replayUpTo);
    if (replay.length > 0) this.copySources.clear();
    for (const event of replay) await this.applyOne(event, halt);
    const rest = batch.slice(replay.length);
    if (rest.length === 0) return;
    if (rest.length > 1 && !this.stuck) {
      try {
        const events = rest.map((event) => ({ position: event.position, changes: this.projection.apply(event) }));
        if (events.every((event) => event.changes.length === 0)) {
          // Nothing to write (most events concern other projections): no pending mark, no batch.
          await this.advance(rest);
          return;
        }
        halt.throwIfAborted();
        // Before writing, so that a run that ends in the middle of it is replayed event by event.
        const marked = await markPending(this.db, this.projection.name, this.generation, rest[rest.length - 1]!.position);
        if (marked > this.position) {
          // Another run has written batches past this runner's position: event by event up to its mark.
          this.replayUpTo = Math.max(this.replayUpTo, marked);
          await this.applyInOrder(rest, halt);
          return;
        }
        this.attempted = Math.max(this.attempted, rest[rest.length - 1]!.position);
        await applyBatch(this.db, events, this.rename, this.copySources, this.options.batchMethod);
        await this.advance(rest, events.findLast((event) => event.changes.length > 0)?.position);
        return;
      } catch (error) {
        if (halt.aborted) throw error;
        this.copySources.clear();
        this.logger.warn({ err: error, projection: this.projection.name, from: rest[0]!.position, to: rest[rest.length - 1]!.position }, 'projection batch failed; applying its events one by one from the saved checkpoint');
        // A batch that failed for its own sake goes event by event (the replay); a server that failed may
        // have lost what it acknowledged before, so either way from the saved checkpoint.
        this.attempted = Math.max(this.attempted, rest[rest.length - 1]!.position);
        throw new WriteFailed(error);
      }
    }
    this.copySources.clear();
    for (const event of rest) await this.applyOne(event, halt);
  }

  private async applyOne(event: RecordedEvent, halt: AbortSignal): Promise<void> {
    // Halted (stopping, or going back after a failed write): nothing more is written.
    halt.throwIfAborted();
    await this.applyOrSkip(event, halt);
    await this.advance([event], this.changes(event) ? event.position : undefined);
  }

  /** Whether the event changes the read model (an event skipped because it fails to apply changes nothing). */
  private changes(event: RecordedEvent): boolean {
    try {
      return this.projection.apply(event).length > 0;
    } catch {
      return false;
    }
  }

  private async advance(applied: RecordedEvent[], lastChanged?: number): Promise<void> {
    const last = applied[applied.length - 1]!;
    this.position = last.position;
    if (lastChanged !== undefined) this.changedPosition = Math.max(this.changedPosition, lastChanged);
    this.lastEventAt = last.metadata.occurredAt;
    this.unsaved += applied.length;
    clearTimeout(this.idleTimer);
    if (this.unsaved >= (this.options.checkpointEvery ?? 100)) await this.saveNow();
    else this.idleTimer = setTimeout(() => void this.saveNow(), this.options.checkpointIdleMs ?? 50);
  }

  /** Applies the event, trying again after each failure until it applies or an admin's skip names it. */
  private async applyOrSkip(event: RecordedEvent, halt: AbortSignal): Promise<void> {
    for (;;) {
      try {
        this.attempted = Math.max(this.attempted, event.position);
        await applyChanges(this.db, this.projection.apply(event), event.position, this.rename);
        if (this.stuck) {
          this.logger.info({ projection: this.projection.name, position: event.position, attempts: this.stuck.attempts + 1 }, 'projection applied the event it was stuck at; moving on');
          this.stuck = null;
          await this.reportStuck(null);
        }
        return;
      } catch (error) {
        if (halt.aborted) throw error;
        this.stuck = stuckAt(event, error, this.stuck, (this.options.now ?? (() => new Date()))());
        const { attempts } = this.stuck;
        const log = { err: error, projection: this.projection.name, position: event.position, eventType: event.type, attempts };
        if (await this.skipIsRecorded(event.position)) {
          this.logger.warn(log, 'projection skips an event it cannot apply, as an admin recorded');
          this.stuck = null;
          this.skipped += 1;
          await this.reportStuck(null);
          return;
        }
        await this.reportStuck(this.stuck);
        const waitMs = backoffDelay(attempts, this.options.backoff ?? DEFAULT_BACKOFF);
        this.logger.error({ ...log, retryInMs: waitMs }, 'projection stuck: an event failed to apply; the checkpoint stays before it until it applies or an admin skips it');
        await sleep(waitMs, halt);
        this.retries += 1;
        // Tried again from the saved checkpoint (see `rewind`), not in place.
        throw new WriteFailed(error);
      }
    }
  }

  /** Saves the stuck event beside the checkpoint for the other projectors processes to report; best effort. */
  private async reportStuck(stuck: StuckEvent | null): Promise<void> {
    try {
      await saveStuck(this.db, this.projection.name, stuck);
    } catch (error) {
      this.logger.warn({ err: error, projection: this.projection.name }, 'could not save whether the projection is stuck');
    }
  }

  private async skipIsRecorded(position: number): Promise<boolean> {
    try {
      return (await skipRecorded(this.store, this.projection.name, position)) !== undefined;
    } catch (error) {
      this.logger.warn({ err: error, projection: this.projection.name }, 'could not read the projection stream for skips');
      return false;
    }
  }

  /**
   * Never rejects: a checkpoint that cannot be saved (the read-model server is down) is saved again
   * later, with whatever position the runner has reached by then. Until then a restart replays from the
   * last saved one, which changes nothing.
   */
  private saveNow(): Promise<void> {
    if (this.unsaved === 0) return this.saving;
    const { position, lastEventAt, generation, changedPosition, epoch } = this;
    const count = this.unsaved;
    this.unsaved = 0;
    this.saving = this.saving
      .then(() => (epoch === this.epoch ? saveCheckpoint(this.db, this.projection.name, position, lastEventAt, generation, changedPosition) : undefined))
      .catch((error: unknown) => {
        this.logger.warn({ err: error, projection: this.projection.name, position }, 'could not save the checkpoint; going back to the saved one');
        if (this.stopped) {
          this.unsaved += count;
          return;
        }
        this.rewind(error);
      });
    return this.saving;
  }

  /**
   * After a failed read-model write or checkpoint save: stops the subscription and follows the log again
   * from the saved checkpoint, event by event up to the last event this run sent. The projections write
   * without waiting for the server's journal (redoable.ts), so a server that crashed may have lost writes
   * it acknowledged, behind the runner's position. Written on top, a later change of the same document
   * would carry a later `_v`, and no replay could bring back the lost one (a counter would stay short).
   * Nothing more is written until the replay has gone through them again: the guards skip what survived.
   * A stuck event keeps its count of tries (and its wait) across the rewind.
   */
  private rewind(error: unknown): void {
    if (this.stopped || this.rewinding) return;
    this.rewinding = true;
    this.epoch += 1;
    // At once, so that no flush queued meanwhile writes anything.
    this.halt.abort(new Error('projection runner going back to its checkpoint'));
    this.logger.warn({ err: error, projection: this.projection.name, from: this.position, replayUpTo: this.attempted }, 'read-model write failed; following the log again from the saved checkpoint');
    setImmediate(() => {
      void (async () => {
        await this.stopSubscription();
        clearTimeout(this.idleTimer);
        this.unsaved = 0;
        if (this.stopped) return;
        await this.subscribeFromCheckpoint();
      })().catch((restartError: unknown) => this.restartAfter(restartError));
    });
  }

  /** Resubscribes from the saved checkpoint after a delay, and again after each failed try (servers still down). */
  private restartAfter(error: unknown): void {
    if (this.stopped) return;
    this.logger.error({ err: error, projection: this.projection.name }, 'projection failed; restarting from its checkpoint');
    setTimeout(() => {
      if (this.stopped) return;
      this.subscribeFromCheckpoint().catch((restartError: unknown) => this.restartAfter(restartError));
    }, this.options.retryDelayMs ?? 1000);
  }

  /** A rebuild swapped the collections and moved the checkpoint: continue from there. */
  private async followRebuilds(): Promise<void> {
    if (this.rebuilding) return;
    try {
      const checkpoint = await readCheckpoint(this.db, this.projection.name);
      if (checkpoint.generation === this.generation || this.stopped) return;
      this.logger.info({ projection: this.projection.name, generation: checkpoint.generation }, 'rebuilt read model swapped in; following it');
      await this.stopSubscription();
      this.unsaved = 0;
      await this.subscribeFromCheckpoint();
    } catch (error) {
      this.logger.warn({ err: error, projection: this.projection.name }, 'could not read the checkpoint');
    }
  }
}

/** A collection's indexes; none when the collection does not exist yet (NamespaceNotFound). */
const indexesOf = (collection: Collection): Promise<IndexDescriptionInfo[]> =>
  collection.indexes().catch((error: unknown) => ((error as { code?: unknown }).code === 26 ? [] : Promise.reject(error as Error)));

/**
 * One index per command: FerretDB 1.24 drops the connection when a single createIndexes command
 * names two or more indexes that already exist (every restart would), while one at a time is a no-op.
 * Indexes a projection no longer declares are dropped: an index on free text that an earlier version
 * declared would go on failing every write of a long value.
 */
export async function createIndexes(db: Db, projection: Projection, rename: (collection: string) => string = (c) => c): Promise<void> {
  for (const [collection, indexes] of Object.entries(projection.indexes)) {
    const target = db.collection(rename(collection));
    for (const index of indexes) await target.createIndexes([index]);
    const declared = new Set(indexes.map((index) => JSON.stringify(index.key)));
    for (const existing of await indexesOf(target)) {
      if (existing.name !== '_id_' && !declared.has(JSON.stringify(existing.key))) await target.dropIndex(existing.name!);
    }
  }
}

/** A read-model write or checkpoint save failed: the runner goes back to its saved checkpoint (`rewind`). */
class WriteFailed extends Error {
  override readonly name = 'WriteFailed';
  constructor(override readonly cause: unknown) {
    super('read-model write failed', { cause });
  }
}
