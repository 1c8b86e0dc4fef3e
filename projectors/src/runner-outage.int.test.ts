import { randomUUID } from 'node:crypto';
import { MongoNetworkError } from 'mongodb';
import { connectMongo, createLogger, isolatedPostgresStore, loadEnv, type EventStore, type MongoConnection, type SubscribeToAllOptions } from '@placement/platform';
import { CHECKPOINTS, readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { ProjectionRunner } from './runner';
import { faultyDb } from './test-faults';
import { systemEvent, until } from './test-support';

const env = loadEnv();
const logger = createLogger('runner-outage-test', 'silent');

const titles = (suffix: string): Projection => ({
  name: `test-outage-${suffix}`,
  collections: [`outage_${suffix}`],
  indexes: {},
  apply: (event) => (event.type === 'JobPosted' ? [{ kind: 'upsert', collection: `outage_${suffix}`, id: (event.data as { jobId: string }).jobId, update: { $set: { title: (event.data as { title: string }).title } } }] : []),
});

/**
 * The servers a runner needs go away and come back (the fault tests kill them for real, see
 * tests/faults/): the runner carries on by itself, without losing its place and without a restart.
 */
describe('a projection runner while its servers are down', () => {
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  let mongo: MongoConnection;
  const runners: ProjectionRunner[] = [];
  const projections: Projection[] = [];
  const fresh = () => {
    const projection = titles(randomUUID().replace(/-/g, '').slice(0, 12));
    projections.push(projection);
    return projection;
  };
  const postJobs = async (count: number) => {
    for (let n = 0; n < count; n++) {
      const jobId = randomUUID();
      await store.append(`job-${jobId}`, [systemEvent('JobPosted', { jobId, title: `Job ${n}` })], 'no_stream');
    }
    return store.headPosition();
  };

  beforeAll(async () => {
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(env.POSTGRES_URL));
    mongo = await connectMongo(env);
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const projection of projections) {
      for (const collection of projection.collections) await mongo.db.collection(collection).drop().catch(() => undefined);
      await mongo.db.collection(CHECKPOINTS).deleteOne({ _id: projection.name } as never);
    }
    await disposeStore();
    await mongo.close();
  });

  it('saves its checkpoint again after saves failed, and reaches the head', async () => {
    const projection = fresh();
    const head = await postJobs(5);
    let failuresLeft = 3;
    const db = faultyDb(mongo.db, (call) => {
      if (call.collection !== CHECKPOINTS || call.method !== 'updateOne' || failuresLeft === 0) return undefined;
      failuresLeft -= 1;
      return new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:57017');
    });
    const runner = new ProjectionRunner(projection, store, db, logger, { checkpointIdleMs: 10, retryDelayMs: 50 });
    runners.push(runner);
    await runner.start();
    await until(async () => (await readCheckpoint(mongo.db, projection.name)).position === head);
    expect(failuresLeft).toBe(0);
  }, 30_000);

  it('after a failed checkpoint save, writes again from its saved checkpoint what the server may have lost, before anything later', async () => {
    // A counter of posted jobs: a lost $inc, once a later one lands with a higher _v, never comes back.
    const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
    const collection = `outage_count_${suffix}`;
    const counting: Projection = {
      name: `test-outage-count-${suffix}`,
      collections: [collection],
      indexes: {},
      apply: (event) => (event.type === 'JobPosted' ? [{ kind: 'upsert', collection, id: 'jobs', update: { $inc: { posted: 1 } } }] : []),
    };
    projections.push(counting);
    const counter = () => mongo.db.collection<{ _id: string; posted: number; _v: number }>(collection).findOne({ _id: 'jobs' });
    // First only the checkpoint saves fail; then the server is down: every call fails.
    let savesFail = false;
    let down = false;
    let refusedCheckpointReads = 0;
    const refuse = () => new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:57017');
    const db = faultyDb(
      mongo.db,
      (call) => {
        if (down) {
          if (call.collection === CHECKPOINTS && call.method === 'findOne') refusedCheckpointReads += 1;
          return refuse();
        }
        return savesFail && call.collection === CHECKPOINTS && call.method === 'updateOne' && call.update?.$set ? refuse() : undefined;
      },
      ['updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'findOne'],
    );
    // Each rewind waits for the replay's batch to go quiet (catchUpWaitMs): on a loaded machine a few seconds.
    const runner = new ProjectionRunner(counting, store, db, logger, { checkpointIdleMs: 10, retryDelayMs: 50, generationCheckMs: 60_000, catchUpWaitMs: 50, backoff: { initialMs: 50, maxMs: 200 } });
    runners.push(runner);
    await runner.start();
    const saved = await postJobs(5);
    await until(async () => (await readCheckpoint(mongo.db, counting.name)).position === saved, 45_000);
    const durable = (await counter())!;

    // Saves fail: three more jobs are counted (acknowledged, not yet covered by a save)…
    savesFail = true;
    await postJobs(3);
    await until(async () => (await counter())?.posted === durable.posted + 3, 45_000);
    // …the server goes down, and its crash loses them: the counter is back where the saved checkpoint
    // covers it. Lost only once the runner reads its checkpoint again (after its last write in flight),
    // so that no write of the runner's lands on the half-lost counter, which no real crash would leave.
    down = true;
    await until(() => refusedCheckpointReads > 0, 45_000);
    await mongo.db.collection(collection).replaceOne({ _id: 'jobs' } as never, durable);
    // The server is back: the runner counts them again from its saved checkpoint (without that, nothing
    // would bring them back), before it counts the next two.
    down = false;
    savesFail = false;
    const head = await postJobs(2);
    await until(async () => (await readCheckpoint(mongo.db, counting.name)).position === head, 45_000);
    expect((await counter())!.posted).toBe(durable.posted + 5);
    expect(runner.progress.stuck).toBeNull();
  }, 180_000);

  it('resubscribes after the log failed, even when its checkpoint cannot be read at the first tries', async () => {
    const projection = fresh();
    const head = await postJobs(5);
    let subscriptions = 0;
    // The log fails the first subscription (the event store's server went away).
    const flakyStore: EventStore = Object.assign(Object.create(store) as EventStore, {
      subscribeToAll(options: SubscribeToAllOptions) {
        subscriptions += 1;
        if (subscriptions > 1) return store.subscribeToAll(options);
        setTimeout(() => options.onError?.(new Error('connect ECONNREFUSED 127.0.0.1:55432')), 10);
        return { stop: async () => undefined };
      },
    });
    // And the first two reads of the checkpoint after that fail too (the read-model server is down as well).
    let checkpointReads = 0;
    const db = faultyDb(
      mongo.db,
      (call) => {
        if (call.collection !== CHECKPOINTS) return undefined;
        checkpointReads += 1;
        return checkpointReads === 2 || checkpointReads === 3 ? new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:57017') : undefined;
      },
      ['findOne'],
    );
    const runner = new ProjectionRunner(projection, flakyStore, db, logger, { checkpointIdleMs: 10, retryDelayMs: 50, generationCheckMs: 60_000 });
    runners.push(runner);
    await runner.start();
    await until(async () => (await readCheckpoint(mongo.db, projection.name)).position === head);
    expect(checkpointReads).toBeGreaterThanOrEqual(4);
    expect(subscriptions).toBe(2);
  }, 30_000);
});
