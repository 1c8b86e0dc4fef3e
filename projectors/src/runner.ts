import type { Db } from 'mongodb';
import { collectionOf, type EventStore, type Logger, type RecordedEvent, type Subscription } from '@placement/platform';
import { applyChanges } from './apply-changes';
import { ensureCheckpoint, readCheckpoint, saveCheckpoint } from './checkpoints';
import type { Projection } from './projection';

export interface RunnerOptions {
  /** Save the checkpoint after this many events, or when the log goes quiet, whichever first. */
  checkpointEvery?: number;
  checkpointIdleMs?: number;
  /** How often to look for a rebuild that swapped the collections. */
  generationCheckMs?: number;
  /** Restart delay after the subscription fails (the checkpoint makes the restart safe). */
  retryDelayMs?: number;
}

export interface ProjectionProgress {
  projection: string;
  position: number;
  lastEventAt: string | null;
}

/**
 * Keeps one projection's read model up to date: follows the global log from its checkpoint, applies
 * each event's changes (idempotent per document), and saves the checkpoint beside the data.
 * A crash anywhere replays from the last saved checkpoint; the per-document guard skips what was applied.
 */
export class ProjectionRunner {
  private subscription: Subscription | undefined;
  private generation = 0;
  private position = 0;
  private lastEventAt: string | null = null;
  private unsaved = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private generationTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private saving: Promise<void> = Promise.resolve();

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
    return { projection: this.projection.name, position: this.position, lastEventAt: this.lastEventAt };
  }

  async start(): Promise<void> {
    this.stopped = false;
    await ensureCheckpoint(this.db, this.projection.name);
    await this.subscribeFromCheckpoint();
    this.generationTimer = setInterval(() => void this.followRebuilds(), this.options.generationCheckMs ?? 1000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.generationTimer);
    clearTimeout(this.idleTimer);
    await this.subscription?.stop();
    await this.saveNow();
  }

  private async subscribeFromCheckpoint(): Promise<void> {
    const checkpoint = await readCheckpoint(this.db, this.projection.name);
    this.generation = checkpoint.generation;
    this.position = checkpoint.position;
    this.lastEventAt = checkpoint.lastEventAt;
    await createIndexes(this.db, this.projection, this.rename);
    this.subscription = this.store.subscribeToAll({
      fromPosition: checkpoint.position,
      onEvent: (event) => this.handle(event),
      onError: (error) => this.restartAfter(error),
    });
  }

  private async handle(event: RecordedEvent): Promise<void> {
    await applyChanges(this.db, this.projection.apply(event), event.position, this.rename);
    this.position = event.position;
    this.lastEventAt = event.metadata.occurredAt;
    this.unsaved += 1;
    clearTimeout(this.idleTimer);
    if (this.unsaved >= (this.options.checkpointEvery ?? 100)) await this.saveNow();
    else this.idleTimer = setTimeout(() => void this.saveNow(), this.options.checkpointIdleMs ?? 50);
  }

  private saveNow(): Promise<void> {
    if (this.unsaved === 0) return this.saving;
    const { position, lastEventAt, generation } = this;
    this.unsaved = 0;
    this.saving = this.saving.then(() => saveCheckpoint(this.db, this.projection.name, position, lastEventAt, generation));
    return this.saving;
  }

  private restartAfter(error: unknown): void {
    if (this.stopped) return;
    this.logger.error({ err: error, projection: this.projection.name }, 'projection failed; restarting from its checkpoint');
    setTimeout(() => {
      if (!this.stopped) void this.subscribeFromCheckpoint();
    }, this.options.retryDelayMs ?? 1000);
  }

  /** A rebuild swapped the collections and moved the checkpoint: continue from there. */
  private async followRebuilds(): Promise<void> {
    try {
      const checkpoint = await readCheckpoint(this.db, this.projection.name);
      if (checkpoint.generation === this.generation || this.stopped) return;
      this.logger.info({ projection: this.projection.name, generation: checkpoint.generation }, 'rebuilt read model swapped in; following it');
      await this.subscription?.stop();
      this.unsaved = 0;
      await this.subscribeFromCheckpoint();
    } catch (error) {
      this.logger.warn({ err: error, projection: this.projection.name }, 'could not read the checkpoint');
    }
  }
}

/**
 * One index per command: FerretDB 1.24 drops the connection when a single createIndexes command
 * names two or more indexes that already exist (every restart would), while one at a time is a no-op.
 */
export async function createIndexes(db: Db, projection: Projection, rename: (collection: string) => string = (c) => c): Promise<void> {
  for (const [collection, indexes] of Object.entries(projection.indexes)) {
    for (const index of indexes) await db.collection(rename(collection)).createIndexes([index]);
  }
}
