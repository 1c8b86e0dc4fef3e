import { randomUUID } from 'node:crypto';
import { MongoNetworkError, MongoServerError } from 'mongodb';
import { Registry } from 'prom-client';
import { fold, projectionOperationDecider, projectionStreamId, type ProjectionOperationEvent } from '@placement/domain';
import { connectMongo, createLogger, isolatedPostgresStore, loadEnv, type EventStore, type MongoConnection, type RecordedEvent } from '@placement/platform';
import { readCheckpoint } from './checkpoints';
import { registerLagMetrics } from './lag';
import type { Projection } from './projection';
import { rebuildProjection } from './rebuild';
import { createIndexes, ProjectionRunner } from './runner';
import { faultyDb } from './test-faults';
import { systemEvent, until } from './test-support';

const env = loadEnv();
const logger = createLogger('runner-test', 'silent');

/** A small projection: a counter per job of applications, and a list of job titles. */
const jobCounts = (suffix: string): Projection => ({
  name: `test-job-counts-${suffix}`,
  collections: [`jobs_${suffix}`],
  indexes: { [`jobs_${suffix}`]: [{ key: { title: 1 } }] },
  apply(event: RecordedEvent) {
    const data = event.data as { jobId: string; title?: string };
    switch (event.type) {
      case 'JobPosted':
        return [{ kind: 'upsert', collection: `jobs_${suffix}`, id: data.jobId, update: { $set: { title: data.title }, $setOnInsert: { applications: 0 } } }];
      case 'ApplicationSubmitted':
        return [{ kind: 'update', collection: `jobs_${suffix}`, filter: { _id: data.jobId }, update: { $inc: { applications: 1 } } }];
      case 'JobDeleted':
        return [{ kind: 'delete', collection: `jobs_${suffix}`, filter: { _id: data.jobId } }];
      default:
        return [];
    }
  },
});

describe('projection runner against the real event store and read-model server', () => {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  let mongo: MongoConnection;
  const projection = jobCounts(suffix);
  const jobs = () => mongo.db.collection(`jobs_${suffix}`);

  beforeAll(async () => {
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(env.POSTGRES_URL));
    mongo = await connectMongo(env);
  });
  afterAll(async () => {
    await jobs().drop().catch(() => undefined);
    await mongo.db.collection('projection_checkpoints').deleteOne({ _id: projection.name } as never);
    await disposeStore();
    await mongo.close();
  });

  it('builds the read model, saves its checkpoint, and replaying everything changes nothing', async () => {
    await store.append('job-a', [systemEvent('JobPosted', { jobId: 'a', title: 'Data Analyst' })], 'no_stream');
    await store.append('job-b', [systemEvent('JobPosted', { jobId: 'b', title: 'Designer' })], 'no_stream');
    for (let i = 0; i < 5; i++) await store.append(`application-${i}`, [systemEvent('ApplicationSubmitted', { jobId: 'a' })], 'no_stream');
    await store.append('job-b', [systemEvent('JobDeleted', { jobId: 'b' })], 0);
    const head = await store.headPosition();

    const runner = new ProjectionRunner(projection, store, mongo.db, logger);
    await runner.start();
    await until(async () => (await readCheckpoint(mongo.db, projection.name)).position === head);
    await runner.stop();
    const once = await jobs().find().sort({ _id: 1 }).toArray();
    expect(once).toEqual([{ _id: 'a', title: 'Data Analyst', applications: 5, _v: expect.any(Number) }]);

    // Forget the checkpoint: the whole log is applied a second time.
    await mongo.db.collection('projection_checkpoints').updateOne({ _id: projection.name } as never, { $set: { position: 0 } });
    const again = new ProjectionRunner(projection, store, mongo.db, logger);
    await again.start();
    await until(async () => (await readCheckpoint(mongo.db, projection.name)).position === head);
    await again.stop();
    expect(JSON.stringify(await jobs().find().sort({ _id: 1 }).toArray())).toBe(JSON.stringify(once));
  }, 30_000);

  it('creates the indexes a projection declares and drops those it no longer declares', async () => {
    await jobs().createIndex({ 'lower.title': 1 });
    await createIndexes(mongo.db, projection);
    expect((await jobs().indexes()).map((index) => index.key)).toEqual([{ _id: 1 }, { title: 1 }]);
  });

  it('follows live appends after catching up', async () => {
    const runner = new ProjectionRunner(projection, store, mongo.db, logger);
    await runner.start();
    await store.append('job-c', [systemEvent('JobPosted', { jobId: 'c', title: 'Nurse' })], 'no_stream');
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(`application-c-${i}`, [systemEvent('ApplicationSubmitted', { jobId: 'c' })], 'no_stream')));
    await until(async () => (await jobs().findOne({ _id: 'c' } as never))?.applications === 10);
    await runner.stop();
    expect(runner.progress.position).toBe(await store.headPosition());
  }, 30_000);

  it('passes a batch of events that change nothing without writing a pending mark', async () => {
    const pendingBefore = (await readCheckpoint(mongo.db, projection.name)).pending ?? 0;
    // Appended while no runner follows: the next one reads them as one batch while catching up.
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(`training-${suffix}-${i}`, [systemEvent('TrainingCreated', { trainingId: String(i) })], 'no_stream')));
    const head = await store.headPosition();
    const runner = new ProjectionRunner(projection, store, mongo.db, logger);
    await runner.start();
    await until(async () => (await readCheckpoint(mongo.db, projection.name)).position === head);
    await runner.stop();
    expect((await readCheckpoint(mongo.db, projection.name)).pending ?? 0).toBe(pendingBefore);
  }, 30_000);
});

/** The sample of `name` for `projection` in a /metrics text, or undefined. */
const sampleOf = (text: string, name: string, projection: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{projection="${projection}"}`));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

/** Appends an admin's skip the way command-api does: decided by the domain, on the projection's stream. */
async function recordSkip(store: EventStore, projection: string, position: number, reason: string): Promise<void> {
  const streamId = projectionStreamId(projection);
  const history = await store.readStream(streamId);
  const state = fold(projectionOperationDecider, history as unknown as ProjectionOperationEvent[]);
  const events = projectionOperationDecider.decide({ type: 'SkipProjectionEvent', projection, skip: { position, reason } }, state, { now: new Date(), actor: { id: 'admin-test', role: 'admin' } });
  await store.append(streamId, events.map((event) => ({ ...systemEvent(event.type, event.data), metadata: { ...systemEvent(event.type, event.data).metadata, actorId: 'admin-test', actorRole: 'admin' } })), history.length === 0 ? 'no_stream' : history.length - 1);
}

describe('a projection that cannot apply an event stops there, retries, reports it, and moves on only after success or a skip', () => {
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  let mongo: MongoConnection;
  const runners: ProjectionRunner[] = [];
  const projections: Projection[] = [];
  const fresh = () => {
    const projection = jobCounts(randomUUID().replace(/-/g, '').slice(0, 12));
    projections.push(projection);
    return projection;
  };
  const backoff = { initialMs: 20, maxMs: 100 };

  beforeAll(async () => {
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(env.POSTGRES_URL));
    mongo = await connectMongo(env);
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const projection of projections) {
      for (const collection of projection.collections) await mongo.db.collection(collection).drop().catch(() => undefined);
      await mongo.db.collection('projection_checkpoints').deleteOne({ _id: projection.name } as never);
    }
    await disposeStore();
    await mongo.close();
  });

  const postJob = async (jobId: string, title: string) => (await store.append(`job-${jobId}`, [systemEvent('JobPosted', { jobId, title })], 'no_stream')).position;
  const apply = async (jobId: string) => store.append(`application-${randomUUID()}`, [systemEvent('ApplicationSubmitted', { jobId })], 'no_stream');

  it('a write that fails with a network error part way through the log holds the checkpoint before that event until it succeeds', async () => {
    const projection = fresh();
    const jobsCollection = projection.collections[0]!;
    const prefix = randomUUID().slice(0, 8);
    await postJob(`${prefix}-a`, 'Data Analyst');
    const failing = await postJob(`${prefix}-b`, 'Nurse');
    for (let i = 0; i < 3; i++) await apply(`${prefix}-b`);
    await postJob(`${prefix}-c`, 'Designer');
    const head = await store.headPosition();

    // The first failure fails the batch holding the event, the next three its tries one by one.
    let failuresLeft = 4;
    const db = faultyDb(mongo.db, (call) => {
      if (call.collection !== jobsCollection || call.method !== 'updateOne' || call.filter._id !== `${prefix}-b` || call.update?.$inc) return undefined;
      if (failuresLeft === 0) return undefined;
      failuresLeft -= 1;
      return new MongoNetworkError('connection 7 to 127.0.0.1:57017 closed');
    });
    const runner = new ProjectionRunner(projection, store, db, logger, { backoff, checkpointIdleMs: 10 });
    runners.push(runner);
    await runner.start();

    await until(async () => (runner.progress.stuck?.attempts ?? 0) >= 2);
    const stuck = runner.progress.stuck!;
    expect(stuck).toMatchObject({ position: failing, eventType: 'JobPosted', streamId: `job-${prefix}-b` });
    expect(stuck.error).toContain('connection 7 to 127.0.0.1:57017 closed');
    expect((await readCheckpoint(mongo.db, projection.name)).position).toBeLessThan(failing);
    expect(runner.progress.position).toBeLessThan(failing);

    await until(async () => (await readCheckpoint(mongo.db, projection.name)).position === head);
    expect(runner.progress.stuck).toBeNull();
    expect(runner.progress.retries).toBe(3);
    expect(runner.progress.skipped).toBe(0);
    const documents = await mongo.db.collection(jobsCollection).find({ _id: { $regex: `^${prefix}-` } } as never, { projection: { _v: 0 } }).sort({ _id: 1 }).toArray();
    expect(documents).toEqual([
      { _id: `${prefix}-a`, title: 'Data Analyst', applications: 0 },
      { _id: `${prefix}-b`, title: 'Nurse', applications: 3 },
      { _id: `${prefix}-c`, title: 'Designer', applications: 0 },
    ]);
  }, 60_000);

  it('a write that always fails keeps the projection stuck and on /metrics until an admin skips exactly that event', async () => {
    const projection = fresh();
    const jobsCollection = projection.collections[0]!;
    const prefix = randomUUID().slice(0, 8);
    await postJob(`${prefix}-a`, 'Data Analyst');
    const failing = await postJob(`${prefix}-b`, 'x'.repeat(3000));
    await apply(`${prefix}-a`);
    await postJob(`${prefix}-c`, 'Designer');
    const head = await store.headPosition();

    const db = faultyDb(mongo.db, (call) =>
      call.collection.startsWith(jobsCollection) && call.filter._id === `${prefix}-b` ? new MongoServerError({ message: 'index row size 3224 exceeds btree version 4 maximum 2704', code: 1, ok: 0 }) : undefined,
    );
    const runner = new ProjectionRunner(projection, store, db, logger, { backoff, checkpointIdleMs: 10 });
    runners.push(runner);
    const registry = new Registry();
    registerLagMetrics(registry, store, [runner]);
    await runner.start();

    await until(async () => (runner.progress.stuck?.attempts ?? 0) >= 4);
    // A skip of another position changes nothing.
    await recordSkip(store, projection.name, failing + 1000, 'not this one');
    const attemptsBefore = runner.progress.stuck!.attempts;
    await until(async () => runner.progress.stuck!.attempts >= attemptsBefore + 2);
    expect((await readCheckpoint(mongo.db, projection.name)).position).toBeLessThan(failing);
    const metrics = await registry.metrics();
    expect(sampleOf(metrics, 'projection_stuck', projection.name)).toBe(1);
    expect(sampleOf(metrics, 'projection_stuck_position', projection.name)).toBe(failing);
    expect(sampleOf(metrics, 'projection_stuck_attempts', projection.name)).toBeGreaterThanOrEqual(4);
    expect(sampleOf(metrics, 'projection_apply_retries_total', projection.name)).toBeGreaterThanOrEqual(3);
    expect(metrics).toContain(`projection_stuck_event{projection="${projection.name}",position="${failing}",type="JobPosted",error="MongoServerError: index row size 3224 exceeds btree version 4 maximum 2704"} 1`);
    // Saved beside the checkpoint, so that a projectors process that does not run this projection reports it too.
    expect((await readCheckpoint(mongo.db, projection.name)).stuck).toMatchObject({ position: failing, eventType: 'JobPosted' });
    const elsewhere = new Registry();
    const idle = new ProjectionRunner(projection, store, mongo.db, logger);
    registerLagMetrics(elsewhere, store, [idle], {
      runsHere: () => false,
      savedPosition: async (name) => (await readCheckpoint(mongo.db, name)).position,
      savedStuck: async (name) => (await readCheckpoint(mongo.db, name)).stuck ?? null,
    });
    expect(sampleOf(await elsewhere.metrics(), 'projection_stuck_position', projection.name)).toBe(failing);
    expect(await mongo.db.collection(jobsCollection).countDocuments({ _id: `${prefix}-c` } as never)).toBe(0);

    await recordSkip(store, projection.name, failing, 'The job title is longer than the index can hold');
    await until(async () => (await readCheckpoint(mongo.db, projection.name)).position >= head);
    expect(runner.progress).toMatchObject({ stuck: null, skipped: 1 });
    expect((await readCheckpoint(mongo.db, projection.name)).stuck).toBeNull();
    const after = await registry.metrics();
    expect(sampleOf(after, 'projection_stuck', projection.name)).toBe(0);
    expect(sampleOf(after, 'projection_events_skipped_total', projection.name)).toBe(1);
    expect(after).not.toContain('projection_stuck_event{');
    const documents = await mongo.db.collection(jobsCollection).find({ _id: { $regex: `^${prefix}-` } } as never, { projection: { _v: 0 } }).sort({ _id: 1 }).toArray();
    expect(documents).toEqual([
      { _id: `${prefix}-a`, title: 'Data Analyst', applications: 1 },
      { _id: `${prefix}-c`, title: 'Designer', applications: 0 },
    ]);

    // A rebuild meets the same failure and passes it the same way, by the recorded skip.
    const rebuilt = await rebuildProjection(projection, store, db, undefined, { graceMs: -1 });
    expect(await mongo.db.collection(`${jobsCollection}__g${rebuilt.generation}`).countDocuments({ _id: { $regex: `^${prefix}-` } } as never)).toBe(2);
    await mongo.db.collection(`${jobsCollection}__g${rebuilt.generation}`).drop();
  }, 60_000);

  it('a stuck runner stops at once, whatever its wait', async () => {
    const projection = fresh();
    await postJob(`${randomUUID().slice(0, 8)}-b`, 'Nurse');
    const db = faultyDb(mongo.db, (call) => (call.collection === projection.collections[0] ? new MongoNetworkError('connection closed') : undefined));
    const runner = new ProjectionRunner(projection, store, db, logger, { backoff: { initialMs: 600_000, maxMs: 600_000 } });
    await runner.start();
    await until(async () => runner.progress.stuck !== null);
    await runner.stop();
    expect(runner.progress.stuck).not.toBeNull();
  }, 30_000);
});
