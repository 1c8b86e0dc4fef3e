import { randomUUID } from 'node:crypto';
import type { EachMessagePayload } from 'kafkajs';
import { loadEnv } from '../config';
import { createLogger } from '../logger';
import { createKafka, ensureTopics, pingKafka } from './index';

const env = loadEnv();
const kafka = createKafka(env, createLogger('kafka-test', 'silent'));

describe('Kafka adapter against the real broker', () => {
  const topic = `test.roundtrip.${randomUUID()}`;
  const admin = kafka.admin();

  beforeAll(() => admin.connect());
  afterAll(async () => {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  });

  it('answers a metadata request', async () => {
    await expect(pingKafka(kafka)).resolves.toBeUndefined();
  });

  it('creates topics with explicit partitions and retention, once', async () => {
    expect(await ensureTopics(admin, [{ topic, partitions: 3, retentionMs: 86_400_000 }])).toEqual([topic]);
    expect(await ensureTopics(admin, [{ topic, partitions: 3, retentionMs: 86_400_000 }])).toEqual([]);
    const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
    expect(metadata.topics[0]!.partitions).toHaveLength(3);
    const configs = await admin.describeConfigs({ resources: [{ type: 2, name: topic, configNames: ['retention.ms'] }], includeSynonyms: false });
    expect(configs.resources[0]!.configEntries[0]!.configValue).toBe('86400000');
  });

  it('round-trips keyed messages through a consumer group, in order per key', async () => {
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    const consumer = kafka.consumer({ groupId: `test-group-${randomUUID()}` });
    const received: { key: string; value: string; headers: Record<string, string> }[] = [];
    await producer.connect();
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const allReceived = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }: EachMessagePayload) => {
          received.push({
            key: message.key!.toString(),
            value: message.value!.toString(),
            headers: { 'event-type': message.headers!['event-type']!.toString() },
          });
          if (received.length === 30) resolve();
        },
      });
    });
    const keys = ['job-1', 'job-2', 'job-3'];
    const messages = Array.from({ length: 30 }, (_, i) => ({
      key: keys[i % 3]!,
      value: JSON.stringify({ n: i }),
      headers: { 'event-type': 'TestHappened' },
    }));
    await producer.send({ topic, acks: -1, messages });
    await allReceived;
    await consumer.disconnect();
    await producer.disconnect();

    expect(received).toHaveLength(30);
    expect(received.every((m) => m.headers['event-type'] === 'TestHappened')).toBe(true);
    for (const key of keys) {
      const order = received.filter((m) => m.key === key).map((m) => (JSON.parse(m.value) as { n: number }).n);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order).toHaveLength(10);
    }
  }, 60_000);
});
