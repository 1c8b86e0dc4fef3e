import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { CHECKPOINT_COLLECTION, connectMongo, createLogger, isolatedPostgresStore, loadEnv, type EventStore, type NewEvent } from '@placement/platform';
import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { appendAll, type PortalEvent } from './projections/test-history';
import { ProjectionRunner, type RunnerOptions } from './runner';

const silent = createLogger('projectors-test', 'silent');

/** Waits until `condition` holds, polling; fails after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An event as the system would append it (no actor), of any type and data: for runner and relay tests. */
export const systemEvent = (type: string, data: unknown): NewEvent => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { actorId: null, actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

/** A read-model database of its own, so that a test never sees or disturbs anybody else's read models. */
export async function scratchReadModels(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const mongo = await connectMongo(loadEnv(), `test_rm_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
  return {
    db: mongo.db,
    drop: async () => {
      await mongo.db.dropDatabase();
      await mongo.close();
    },
  };
}

/** Scratch read-model databases made one after another by a test file, all dropped at its end (`dropAll` in afterAll). */
export function scratchDatabases(): { next: () => Promise<Db>; dropAll: () => Promise<void> } {
  const made: { drop: () => Promise<void> }[] = [];
  return {
    next: async () => {
      const scratch = await scratchReadModels();
      made.push(scratch);
      return scratch.db;
    },
    dropAll: async () => {
      for (const { drop } of made.splice(0)) await drop();
    },
  };
}

/** Applies the whole log (from the projection's checkpoint) to `db` and stops. */
export async function runToHead(projection: Projection, store: EventStore, db: Db, timeoutMs = 15_000, options: RunnerOptions = {}): Promise<void> {
  const head = await store.headPosition();
  const runner = new ProjectionRunner(projection, store, db, silent, { checkpointIdleMs: 10, ...options });
  await runner.start();
  await until(async () => (await readCheckpoint(db, projection.name)).position >= head, timeoutMs);
  await runner.stop();
}

/** Every document of `collections` as the server stores it (raw BSON, in id order): builds compare byte for byte. */
export async function rawCollections(db: Db, collections: readonly string[]): Promise<Record<string, Buffer>> {
  const raw: Record<string, Buffer> = {};
  for (const name of collections) {
    const documents = await db.collection(name).find({}, { raw: true }).sort({ _id: 1 }).toArray();
    raw[name] = Buffer.concat(documents as unknown as Buffer[]);
  }
  return raw;
}

/**
 * Builds `projection` from the whole log, then forgets its checkpoint and applies the log once more
 * over what it built; both snapshots, to prove that applying events twice changes nothing.
 */
export async function buildTwice(projection: Projection, store: EventStore, db: Db): Promise<{ once: Record<string, Buffer>; twice: Record<string, Buffer> }> {
  await runToHead(projection, store, db);
  const once = await rawCollections(db, projection.collections);
  await db.collection(CHECKPOINT_COLLECTION).updateOne({ _id: projection.name } as never, { $set: { position: 0 } });
  await runToHead(projection, store, db);
  return { once, twice: await rawCollections(db, projection.collections) };
}

/** Raw snapshots of a projection's collections after one build from the log and after a second pass. */
export interface BuiltTwice {
  once: Record<string, Buffer>;
  twice: Record<string, Buffer>;
}

/**
 * For a describe block: before its tests, appends `history` to an event store of its own and builds
 * `projection` from it twice (buildTwice) into a scratch read-model database; after them, drops both.
 * The handle's fields are set once the block's beforeAll has run.
 */
export function builtTwiceFromHistory(projection: Projection, history: () => readonly PortalEvent[]): { db: Db; built: BuiltTwice } {
  const handle = {} as { db: Db; built: BuiltTwice };
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const { store, dispose } = await isolatedPostgresStore(loadEnv().POSTGRES_URL);
    cleanups.push(dispose);
    const { db, drop } = await scratchReadModels();
    cleanups.push(drop);
    handle.db = db;
    await appendAll(store, history());
    handle.built = await buildTwice(projection, store, db);
  }, 30_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return handle;
}

/**
 * For one describe block: `projections` built from `history` (appended to an event store of its own)
 * into a read-model database of its own before the block's tests, both dropped after them.
 */
export function readModelsBuiltFrom(projections: readonly Projection[], history: () => PortalEvent[], timeoutMs = 30_000): { readonly db: Db } {
  let db: Db | undefined;
  let dispose: (() => Promise<void>) | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const isolated = await isolatedPostgresStore(loadEnv().POSTGRES_URL);
    dispose = isolated.dispose;
    const readModels = await scratchReadModels();
    ({ db, drop } = readModels);
    await appendAll(isolated.store, history());
    // Each projection reaches the head of the log: none is stuck at an event whose write the server refused.
    for (const projection of projections) await runToHead(projection, isolated.store, readModels.db, 20_000);
  }, timeoutMs);
  afterAll(async () => {
    await drop?.();
    await dispose?.();
  });
  return {
    get db(): Db {
      if (!db) throw new Error('the read models are built in beforeAll; read them inside a test');
      return db;
    },
  };
}
