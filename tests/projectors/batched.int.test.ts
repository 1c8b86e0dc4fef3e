import type { Db } from 'mongodb';
import { collectionOf, isolatedPostgresStore, loadEnv, type EventStore, type RecordedEvent } from '@placement/platform';
import { applyBatch, CopySourceCache } from '../../projectors/src/apply-batch';
import { checkpoints } from '../../projectors/src/checkpoints';
import { ALL_PROJECTIONS } from '../../projectors/src/projections';
import { appendAll, portalHistory } from '../../projectors/src/projections/test-history';
import { rebuildProjection, rebuildProjections } from '../../projectors/src/rebuild';
import { rawCollections, runToHead, scratchReadModels } from '../../projectors/src/test-support';
import { loadPortal, seededRandom } from '../support/portal-load';

/** Every read model of every projection as the server stores it. */
async function everyCollection(db: Db, generation = 0): Promise<Record<string, Buffer>> {
  const raw: Record<string, Buffer> = {};
  for (const projection of ALL_PROJECTIONS) {
    const stored = await rawCollections(db, projection.collections.map((collection) => collectionOf(collection, generation)));
    projection.collections.forEach((collection) => (raw[collection] = stored[collectionOf(collection, generation)]!));
  }
  return raw;
}

const buildAll = async (store: EventStore, db: Db, batchSize?: number) => {
  for (const projection of ALL_PROJECTIONS) await runToHead(projection, store, db, 120_000, batchSize === undefined ? {} : { batchSize });
};

describe('catch-up in batches against event by event, on a generated season', () => {
  const env = loadEnv();
  let store: EventStore;
  let dispose: () => Promise<void>;
  let log: RecordedEvent[];
  let oneByOne: Record<string, Buffer>;
  const scratch: { drop: () => Promise<void> }[] = [];
  const freshDb = async () => {
    const readModels = await scratchReadModels();
    scratch.push(readModels);
    return readModels.db;
  };

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(env.POSTGRES_URL));
    await loadPortal(store, { users: 60, jobs: 40, applications: 300, statusChanges: 200 }, { seed: 11 });
    // Edits, deletions, trainings, experiences and e-mail on top of the season.
    await appendAll(store, portalHistory());
    log = await store.readAll({ maxCount: 100_000 });
    const db = await freshDb();
    await buildAll(store, db, 1);
    oneByOne = await everyCollection(db);
  }, 300_000);
  afterAll(async () => {
    for (const readModels of scratch) await readModels.drop();
    await dispose();
  }, 60_000);

  it('builds every collection byte for byte as event by event does', async () => {
    for (const collection of ['jobs', 'job_stats', 'applications', 'application_stats', 'application_jobs', 'application_applicants', 'users', 'user_stats']) expect(oneByOne[collection]!.length).toBeGreaterThan(0);
    const db = await freshDb();
    await buildAll(store, db);
    expect(await everyCollection(db)).toEqual(oneByOne);
  }, 300_000);

  it('gives the same bytes whatever the batches are cut into', async () => {
    const db = await freshDb();
    const random = seededRandom(5);
    for (const projection of ALL_PROJECTIONS) {
      const cache = new CopySourceCache();
      for (let start = 0; start < log.length; ) {
        const end = Math.min(log.length, start + 1 + Math.floor(random() * 80));
        await applyBatch(db, log.slice(start, end).map((event) => ({ position: event.position, changes: projection.apply(event) })), undefined, cache);
        start = end;
      }
    }
    expect(await everyCollection(db)).toEqual(oneByOne);
  }, 300_000);

  it('replays batches already written and changes nothing, with or without the mark of the batch in flight', async () => {
    const db = await freshDb();
    await buildAll(store, db);
    // The mark kept: the replay goes event by event up to it.
    await checkpoints(db).updateMany({}, { $set: { position: 0 } });
    await buildAll(store, db);
    expect(await everyCollection(db)).toEqual(oneByOne);
    // The mark gone: each batch fails on the documents it already wrote and is applied again event by event.
    await checkpoints(db).updateMany({}, { $set: { position: 0 }, $unset: { pending: '' } });
    await buildAll(store, db);
    expect(await everyCollection(db)).toEqual(oneByOne);
  }, 300_000);

  it('a batch applied twice leaves the same bytes', async () => {
    const db = await freshDb();
    const half = Math.floor(log.length / 2);
    for (const projection of ALL_PROJECTIONS) {
      const changes = (events: RecordedEvent[]) => events.map((event) => ({ position: event.position, changes: projection.apply(event) }));
      await applyBatch(db, changes(log.slice(0, half)));
      // The second time only the documents without the batch's writes could take them (none): the
      // runner answers a failed batch by applying its events one by one, which is what follows.
      await applyBatch(db, changes(log.slice(0, half))).catch(() => undefined);
      await applyBatch(db, changes(log.slice(half)));
    }
    expect(await everyCollection(db)).toEqual(oneByOne);
  }, 300_000);

  it('a rebuild in batches builds the same bytes', async () => {
    const db = await freshDb();
    for (const projection of ALL_PROJECTIONS) await rebuildProjection(projection, store, db, undefined, { graceMs: -1, batchSize: 97, fold: false });
    expect(await everyCollection(db, 1)).toEqual(oneByOne);
  }, 300_000);

  it('a rebuild folded in memory (one read of the log for every projection) builds the same bytes', async () => {
    const db = await freshDb();
    const results = await rebuildProjections(ALL_PROJECTIONS, store, db, undefined, { graceMs: -1, batchSize: 113, insertBatch: 50 });
    expect([...results.values()].map((result) => result.method)).toEqual(ALL_PROJECTIONS.map(() => 'fold'));
    expect(await everyCollection(db, 1)).toEqual(oneByOne);
  }, 300_000);
});
