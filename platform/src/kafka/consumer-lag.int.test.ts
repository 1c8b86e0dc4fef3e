import { randomUUID } from 'node:crypto';
import { loadEnv } from '../config';
import { createLogger } from '../logger';
import { consumerGroupLag, createKafka, ensureTopics, notifierConsumerGroups, partitionLag, placementTopics } from './index';

describe('partitionLag', () => {
  it('counts from the committed offset to the end of the log', () => {
    expect(partitionLag('7', '0', '10')).toBe(3);
    expect(partitionLag('10', '0', '10')).toBe(0);
  });

  it('counts everything still in the log when the group has committed nothing', () => {
    expect(partitionLag('-1', '4', '10')).toBe(6);
    expect(partitionLag('-1', '0', '0')).toBe(0);
  });

  it('is never negative', () => {
    expect(partitionLag('12', '0', '10')).toBe(0);
  });
});

describe('notifierConsumerGroups', () => {
  it('names the four groups behind the prefix, with the topics each reads', () => {
    const groups = notifierConsumerGroups(placementTopics('t.'), 't.');
    expect(Object.values(groups).map((group) => group.groupId)).toEqual(['t.notifier', 't.notifier-directory', 't.notifier-retry', 't.notifier-dead-letters']);
    expect(groups.events.topics).toEqual(['t.placement.users', 't.placement.jobs', 't.placement.applications', 't.placement.campaigns']);
    expect(groups.directory.topics).toEqual(['t.placement.users', 't.placement.jobs']);
    expect(groups.deadLetters.topics).toEqual(['t.placement.dlq']);
  });
});

describe('consumerGroupLag against the real broker', () => {
  const kafka = createKafka(loadEnv(), createLogger('consumer-lag-test', 'silent'));
  const admin = kafka.admin();
  const topic = `test.lag.${randomUUID()}`;
  const groupId = `test-lag-${randomUUID()}`;

  beforeAll(async () => {
    await admin.connect();
    await ensureTopics(admin, [{ topic, partitions: 2 }]);
  });
  afterAll(async () => {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.deleteGroups([groupId]).catch(() => undefined);
    await admin.disconnect();
  });

  it('reports what the group has not read yet, per partition', async () => {
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, messages: [0, 0, 0, 1].map((partition, n) => ({ partition, value: String(n) })) });
    await producer.disconnect();

    const unread = await consumerGroupLag(admin, { groupId, topics: [topic] });
    expect(unread).toEqual({
      groupId,
      lag: 4,
      topics: [{ topic, lag: 4, partitions: [{ partition: 0, committed: null, end: 3, lag: 3 }, { partition: 1, committed: null, end: 1, lag: 1 }] }],
    });

    await admin.setOffsets({ groupId, topic, partitions: [{ partition: 0, offset: '2' }] });
    const partly = await consumerGroupLag(admin, { groupId, topics: [topic] });
    expect(partly.lag).toBe(2);
    expect(partly.topics[0]!.partitions[0]).toEqual({ partition: 0, committed: 2, end: 3, lag: 1 });
  });
});
