import { collectionOf, createLogger, isolatedPostgresStore, loadEnv, type EventStore, type RecordedEvent } from '@placement/platform';
import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { rebuildProjection } from './rebuild';
import { ProjectionRunner } from './runner';
import { rawCollections, runToHead, scratchDatabases, systemEvent, until } from './test-support';

const env = loadEnv();
const logger = createLogger('runner-rebuild-test', 'silent');

/** Applications counted per job, and the jobs' titles. */
const jobCounts: Projection = {
  name: 'test-rebuild-job-counts',
  collections: ['jobs'],
  indexes: { jobs: [{ key: { title: 1 } }] },
  apply(event: RecordedEvent) {
    const data = event.data as { jobId: string; title?: string };
    switch (event.type) {
      case 'JobPosted':
        return [{ kind: 'upsert', collection: 'jobs', id: data.jobId, update: { $set: { title: data.title }, $setOnInsert: { applications: 0 } } }];
      case 'ApplicationSubmitted':
        return [{ kind: 'update', collection: 'jobs', filter: { _id: data.jobId }, update: { $inc: { applications: 1 } } }];
      case 'JobDeleted':
        return [{ kind: 'delete', collection: 'jobs', filter: { _id: data.jobId } }];
      default:
        return [];
    }
  },
};

/** Five jobs, three applications to each, one job deleted: 21 events. */
async function appendSeason(store: EventStore, from = 0): Promise<void> {
  for (let job = from; job < from + 5; job++) await store.append(`job-${job}`, [systemEvent('JobPosted', { jobId: `j${job}`, title: `Job ${job}` })], 'no_stream');
  for (let application = 0; application < 15; application++) {
    await store.append(`application-${from}-${application}`, [systemEvent('ApplicationSubmitted', { jobId: `j${from + (application % 5)}` })], 'no_stream');
  }
  await store.append(`job-${from + 4}`, [systemEvent('JobDeleted', { jobId: `j${from + 4}` })], 0);
}

describe('a runner far behind the log rebuilds its read model before it follows the log', () => {
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  const { next: readModels, dropAll } = scratchDatabases();

  beforeAll(async () => {
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(env.POSTGRES_URL));
    await appendSeason(store);
  });
  afterAll(async () => {
    await dropAll();
    await disposeStore();
  });

  it('builds a new generation from the whole log, the same bytes as catching up, then applies what comes after', async () => {
    const caughtUp = await readModels();
    await runToHead(jobCounts, store, caughtUp, 15_000, { rebuildBehind: 0 });
    const rebuilt = await readModels();
    const head = await store.headPosition();

    const runner = new ProjectionRunner(jobCounts, store, rebuilt, logger, { rebuildBehind: 10, checkpointIdleMs: 10 });
    await runner.start();
    try {
      await until(async () => (await readCheckpoint(rebuilt, jobCounts.name)).position >= head);
      const checkpoint = await readCheckpoint(rebuilt, jobCounts.name);
      expect(checkpoint.generation).toBe(1);
      expect(await rawCollections(rebuilt, [collectionOf('jobs', 1)])).toEqual({ [collectionOf('jobs', 1)]: (await rawCollections(caughtUp, ['jobs'])).jobs });

      // It follows the log from the rebuilt position, into the generation it built.
      await store.append('application-after', [systemEvent('ApplicationSubmitted', { jobId: 'j0' })], 'no_stream');
      await until(async () => (await rebuilt.collection(collectionOf('jobs', 1)).findOne({ _id: 'j0' } as never))?.applications === 4);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('does not rebuild when it is nearer the head than the threshold, or has come further than it has left', async () => {
    const db = await readModels();
    await runToHead(jobCounts, store, db, 15_000, { rebuildBehind: 1_000_000 });
    expect((await readCheckpoint(db, jobCounts.name)).generation).toBe(0);

    // 21+ events applied; 21 more appended: behind is not more than it has come.
    await appendSeason(store, 100);
    await runToHead(jobCounts, store, db, 15_000, { rebuildBehind: 10 });
    expect((await readCheckpoint(db, jobCounts.name)).generation).toBe(0);
  }, 60_000);

  it('rebuilds at its start a read model built by another shape, however near the head; records its shape on an empty one', async () => {
    const db = await readModels();
    await runToHead(jobCounts, store, db, 15_000, { rebuildBehind: 0 });
    expect(await readCheckpoint(db, jobCounts.name)).toMatchObject({ generation: 0 });
    expect((await readCheckpoint(db, jobCounts.name)).shape).toBeUndefined();

    const reshaped: Projection = { ...jobCounts, shape: 2 };
    const runner = new ProjectionRunner(reshaped, store, db, logger, { rebuildBehind: 0 });
    await runner.start();
    await until(async () => (await readCheckpoint(db, jobCounts.name)).shape === 2);
    await runner.stop();
    expect(await readCheckpoint(db, jobCounts.name)).toMatchObject({ generation: 1, shape: 2, position: await store.headPosition() });
    // Once of its shape, a start follows the log as ever.
    await runToHead(reshaped, store, db, 15_000, { rebuildBehind: 0 });
    expect((await readCheckpoint(db, jobCounts.name)).generation).toBe(1);

    const empty = await readModels();
    await runToHead(reshaped, store, empty, 15_000, { rebuildBehind: 0 });
    expect(await readCheckpoint(empty, jobCounts.name)).toMatchObject({ generation: 0, shape: 2 });
  }, 60_000);

  it('a rebuild stopped before its swap leaves the serving generation; rebuilds at once claim generations of their own', async () => {
    const db = await readModels();
    const stopped = new AbortController();
    stopped.abort(new Error('stopped'));
    await expect(rebuildProjection(jobCounts, store, db, undefined, { graceMs: -1, signal: stopped.signal })).rejects.toThrow('stopped');
    expect(await readCheckpoint(db, jobCounts.name)).toMatchObject({ generation: 0, position: 0 });

    const [first, second] = await Promise.all([
      rebuildProjection(jobCounts, store, db, undefined, { graceMs: -1 }),
      rebuildProjection(jobCounts, store, db, undefined, { graceMs: -1 }),
    ]);
    // The stopped rebuild had claimed generation 1; each of these takes a later one of its own.
    expect(new Set([first.generation, second.generation])).toEqual(new Set([2, 3]));
    const [a, b] = [collectionOf('jobs', first.generation), collectionOf('jobs', second.generation)];
    const built = await rawCollections(db, [a, b]);
    expect(built[a]!.length).toBeGreaterThan(0);
    expect(built[a]).toEqual(built[b]);
    expect([first.generation, second.generation]).toContain((await readCheckpoint(db, jobCounts.name)).generation);
  }, 60_000);
});
