import { randomUUID } from 'node:crypto';
import { connectMongo, createLogger, isolatedPostgresStore, loadEnv, type EventStore, type MongoConnection, type NewEvent, type RecordedEvent } from '@placement/platform';
import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { ProjectionRunner } from './runner';

const env = loadEnv();
const logger = createLogger('runner-test', 'silent');

const newEvent = (type: string, data: unknown): NewEvent => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { actorId: null, actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

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

const until = async (condition: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

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
    await store.append('job-a', [newEvent('JobPosted', { jobId: 'a', title: 'Data Analyst' })], 'no_stream');
    await store.append('job-b', [newEvent('JobPosted', { jobId: 'b', title: 'Designer' })], 'no_stream');
    for (let i = 0; i < 5; i++) await store.append(`application-${i}`, [newEvent('ApplicationSubmitted', { jobId: 'a' })], 'no_stream');
    await store.append('job-b', [newEvent('JobDeleted', { jobId: 'b' })], 0);
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

  it('follows live appends after catching up', async () => {
    const runner = new ProjectionRunner(projection, store, mongo.db, logger);
    await runner.start();
    await store.append('job-c', [newEvent('JobPosted', { jobId: 'c', title: 'Nurse' })], 'no_stream');
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(`application-c-${i}`, [newEvent('ApplicationSubmitted', { jobId: 'c' })], 'no_stream')));
    await until(async () => (await jobs().findOne({ _id: 'c' } as never))?.applications === 10);
    await runner.stop();
    expect(runner.progress.position).toBe(await store.headPosition());
  }, 30_000);
});
