import type { Db } from 'mongodb';
import { CHECKPOINT_COLLECTION, isDuplicateKeyError } from '@placement/platform';
import type { StuckEvent } from './stuck';

export interface Checkpoint {
  _id: string;
  position: number;
  /** Bumped when a rebuild swaps the collections in, so a live runner re-reads its checkpoint. */
  generation: number;
  /** When the last applied event happened (for lag in seconds). */
  lastEventAt: string | null;
  updatedAt: Date;
  /** The event the runner keeps failing to apply, saved so that any projectors process can report it. */
  stuck?: StuckEvent | null;
  /** The last position of a batch being written (or written): a restart applies up to here event by event. */
  pending?: number;
  /**
   * The position of the last event that changed the read model (`position` moves past events the
   * projection ignores too): the query side keys cached answers by it. Absent on checkpoints saved
   * before it existed, where `position` stands in.
   */
  changedPosition?: number;
  /**
   * The `position` saved with `changedPosition`: a process older than it moves the position alone, and a
   * reader that finds them apart takes `position` (never an answer kept past a change it did not see).
   */
  changedFor?: number;
  /** The `shape` of the projection that built the read model (absent: 0). */
  shape?: number;
}

export const CHECKPOINTS = CHECKPOINT_COLLECTION;

export const checkpoints = (db: Db) => db.collection<Checkpoint>(CHECKPOINTS);

/** The generations rebuilds have taken (`<projection>:<generation>`): each rebuild writes one nobody else has. */
export const GENERATION_CLAIMS = 'projection_generation_claims';

export async function readCheckpoint(db: Db, projection: string): Promise<Checkpoint> {
  return (await checkpoints(db).findOne({ _id: projection })) ?? { _id: projection, position: 0, generation: 0, lastEventAt: null, updatedAt: new Date(0) };
}

/** Moves forward only, so a slow writer can never move a checkpoint back. */
export async function saveCheckpoint(db: Db, projection: string, position: number, lastEventAt: string | null, generation: number, changedPosition = position): Promise<void> {
  await checkpoints(db).updateOne(
    { _id: projection, generation, position: { $lt: position } },
    // In the same write as the position: a reader that sees the position sees what changed up to it.
    { $set: { position, changedFor: position, lastEventAt, updatedAt: new Date() }, $max: { changedPosition } },
  );
}

/**
 * Records, before a batch is written, the position up to which a restart must go event by event, and
 * answers the mark found there: one beyond the runner's position means another run (a holder of the
 * lease before it, or one that overlaps it for a moment) may have written batches ahead of it.
 */
export async function markPending(db: Db, projection: string, generation: number, upTo: number): Promise<number> {
  const before = await checkpoints(db).findOneAndUpdate({ _id: projection, generation }, { $max: { pending: upTo } }, { returnDocument: 'before' });
  return before?.pending ?? 0;
}

/** A read model with nothing applied yet is of any shape: the projection's own is recorded before it starts. */
export async function recordShapeOfEmpty(db: Db, projection: string, generation: number, shape: number): Promise<void> {
  await checkpoints(db).updateOne({ _id: projection, generation, position: 0 }, { $set: { shape } });
}

/** Saves (or clears, with null) the event the projection is stuck at, beside its checkpoint. */
export async function saveStuck(db: Db, projection: string, stuck: StuckEvent | null): Promise<void> {
  await checkpoints(db).updateOne({ _id: projection }, { $set: { stuck } });
}

export async function ensureCheckpoint(db: Db, projection: string, shape?: number): Promise<void> {
  try {
    await checkpoints(db).insertOne({ _id: projection, position: 0, generation: 0, lastEventAt: null, updatedAt: new Date(), ...(shape ? { shape } : {}) });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}
