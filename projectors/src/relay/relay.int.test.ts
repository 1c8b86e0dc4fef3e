import { randomUUID } from 'node:crypto';
import {
  connectMongo,
  createKafka,
  createLogger,
  isolatedPostgresStore,
  loadEnv,
  parseRelayedEvent,
  type EventStore,
  type MongoConnection,
  type RelayedEvent,
} from '@placement/platform';
import { readCheckpoint } from '../checkpoints';
import { KafkaRelay } from './relay';
import { systemEvent, until } from '../test-support';

const env = loadEnv();
const kafka = createKafka(env, createLogger('relay-test', 'silent'));

interface Received {
  topic: string;
  partition: number;
  key: string;
  headers: Record<string, string>;
  event: RelayedEvent;
}

describe('Kafka relay against the real event store, read-model server and broker', () => {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  const prefix = `relay-test-${suffix}.`;
  const checkpointId = `kafka-relay-test-${suffix}`;
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  let mongo: MongoConnection;
  const received: Received[] = [];
  const consumer = kafka.consumer({ groupId: `${prefix}reader` });
  const relay = () => new KafkaRelay(store, mongo.db, kafka, createLogger('relay-test', 'silent'), { checkpointId, topicPrefix: prefix, partitions: 3, batchSize: 4, lingerMs: 2 });

  beforeAll(async () => {
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(env.POSTGRES_URL));
    mongo = await connectMongo(env);
  });
  afterAll(async () => {
    await consumer.disconnect();
    await mongo.db.collection('projection_checkpoints').deleteOne({ _id: checkpointId } as never);
    await mongo.close();
    await disposeStore();
    const admin = kafka.admin();
    await admin.connect();
    const mine = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (mine.length > 0) await admin.deleteTopics({ topics: mine });
    await admin.disconnect();
  }, 30_000);

  it('publishes every event to its aggregate topic, in order per stream, without secrets, and checkpoints after the broker acknowledged', async () => {
    const first = relay();
    await first.start();
    const admin = kafka.admin();
    await admin.connect();
    const metadata = await admin.fetchTopicMetadata({ topics: [`${prefix}placement.users`, `${prefix}placement.dlq`] });
    expect(metadata.topics.map((topic) => topic.partitions.length)).toEqual([3, 3]);
    const configs = await admin.describeConfigs({ resources: [{ type: 2, name: `${prefix}placement.users`, configNames: ['retention.ms'] }], includeSynonyms: false });
    expect(configs.resources[0]!.configEntries[0]!.configValue).toBe('-1');
    await admin.disconnect();

    await consumer.connect();
    await consumer.subscribe({ topics: Object.values(first.topics).filter((topic) => !topic.endsWith('retry') && !topic.endsWith('dlq')), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        received.push({
          topic,
          partition,
          key: message.key!.toString(),
          headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)])),
          event: parseRelayedEvent(message),
        });
      },
    });

    const userId = randomUUID();
    await store.append(`user-${userId}`, [
      systemEvent('UserRegistered', { userId, email: 'asha@university.edu', passwordHash: '$argon2id$secret' }),
      systemEvent('VerificationTokenIssued', { userId, email: 'asha@university.edu', tokenHash: 'deadbeef', expiresAt: '2026-11-23T10:00:00.000Z' }),
    ], 'no_stream');
    await store.append('user-email-0f3a', [systemEvent('EmailClaimed', { userId })], 'no_stream');
    for (let n = 0; n < 10; n++) await store.append('job-1', [systemEvent('JobEdited', { jobId: 'job-1', n })], n === 0 ? 'no_stream' : n - 1);
    await store.append('campaign-1', [systemEvent('CampaignQueued', { campaignId: '1' })], 'no_stream');
    await store.append('mystery-1', [systemEvent('Unexpected', {})], 'no_stream');
    const head = await store.headPosition();

    await until(() => received.length >= 15);
    await until(async () => (await readCheckpoint(mongo.db, checkpointId)).position === head);
    expect(first.progress.position).toBe(head);

    const byType = (type: string) => received.filter((message) => message.event.type === type);
    expect(byType('UserRegistered')[0]).toMatchObject({ topic: `${prefix}placement.users`, key: `user-${userId}` });
    expect(byType('UserRegistered')[0]!.event.data).toEqual({ userId, email: 'asha@university.edu' });
    expect(byType('VerificationTokenIssued')[0]!.event.data).toEqual({ userId, email: 'asha@university.edu', expiresAt: '2026-11-23T10:00:00.000Z' });
    expect(byType('EmailClaimed')[0]!.topic).toBe(`${prefix}placement.users`);
    expect(byType('CampaignQueued')[0]!.topic).toBe(`${prefix}placement.campaigns`);
    expect(byType('Unexpected')[0]!.topic).toBe(`${prefix}placement.other`);
    const job = byType('JobEdited');
    expect(new Set(job.map((message) => message.partition)).size).toBe(1);
    expect(job.map((message) => (message.event.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const sample = job[3]!;
    expect(sample.headers).toEqual({ 'event-id': sample.event.eventId, 'event-type': 'JobEdited', 'schema-version': '1', position: String(sample.event.position), 'correlation-id': sample.event.metadata.correlationId });
    expect(sample.event).toMatchObject({ streamId: 'job-1', revision: 3, schemaVersion: 1, metadata: { actorRole: 'system' } });
    expect(new Set(received.map((message) => message.event.eventId)).size).toBe(received.length);

    // A restart continues from the checkpoint: nothing already acknowledged is sent again.
    await first.stop();
    await store.append('job-1', [systemEvent('JobEdited', { jobId: 'job-1', n: 10 })], 9);
    const second = relay();
    await second.start();
    await until(() => received.some((message) => (message.event.data as { n?: number }).n === 10));
    await second.stop();
    // The reader has everything the topics hold (each message one offset: an idempotent producer without transactions).
    const offsets = kafka.admin();
    await offsets.connect();
    try {
      const read = Object.values(first.topics).filter((topic) => !topic.endsWith('retry') && !topic.endsWith('dlq'));
      const held = async () => (await Promise.all(read.map((topic) => offsets.fetchTopicOffsets(topic)))).flat().reduce((sum, { high }) => sum + Number(high), 0);
      await until(async () => received.length >= (await held()));
    } finally {
      await offsets.disconnect();
    }
    expect(received).toHaveLength(16);
    expect(received.at(-1)!.event.data).toEqual({ jobId: 'job-1', n: 10 });
  }, 60_000);

  it('moves the checkpoint only after the broker acknowledged, and sends a refused batch again', async () => {
    const failingId = `${checkpointId}-failing`;
    const real = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    const sent: string[][] = [];
    let refuse = true;
    const producer = {
      connect: () => real.connect(),
      disconnect: () => real.disconnect(),
      sendBatch: async (batch: Parameters<typeof real.sendBatch>[0]) => {
        const ids = batch.topicMessages!.flatMap((topic) => topic.messages.map((message) => String(message.headers!['event-id'])));
        if (refuse) {
          refuse = false;
          throw new Error('broker unavailable');
        }
        sent.push(ids);
        return real.sendBatch(batch);
      },
    };
    const since = await store.headPosition();
    await mongo.db.collection('projection_checkpoints').insertOne({ _id: failingId, position: since, generation: 0, lastEventAt: null, updatedAt: new Date() } as never);
    const flaky = new KafkaRelay(store, mongo.db, kafka, createLogger('relay-test', 'silent'), { checkpointId: failingId, topicPrefix: prefix, partitions: 3, batchSize: 100, lingerMs: 2, retryDelayMs: 300, producer });
    const events = [systemEvent('JobEdited', { jobId: 'job-2', n: 0 }), systemEvent('JobEdited', { jobId: 'job-2', n: 1 })];
    await store.append('job-2', events, 'no_stream');
    await flaky.start();
    try {
      await until(() => sent.length === 1);
      expect(sent[0]).toEqual(events.map((event) => event.eventId));
      await until(async () => (await readCheckpoint(mongo.db, failingId)).position === (await store.headPosition()));
    } finally {
      await flaky.stop();
      await mongo.db.collection('projection_checkpoints').deleteOne({ _id: failingId } as never);
    }
  }, 30_000);
});
