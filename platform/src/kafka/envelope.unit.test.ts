import type { RecordedEvent } from '../eventstore';
import { correlationIdOfMessage, parseRelayedEvent, relayMessage, toRelayedEvent, withoutSecrets } from './envelope';
import { aggregateTopicOf, placementTopics, placementTopicSpecs } from './topics';

const recorded = (streamId: string, type: string, data: unknown): RecordedEvent => ({
  eventId: 'e-1',
  type,
  schemaVersion: 1,
  streamId,
  revision: 0,
  position: 42,
  data,
  metadata: { actorId: null, actorRole: 'visitor', correlationId: 'c-1', causationId: null, occurredAt: '2026-11-22T10:00:00.000Z' },
});

describe('relayed events', () => {
  it('never carry a password hash or a token hash, at any depth', () => {
    expect(withoutSecrets({ userId: 'u1', passwordHash: '$argon2id$...', nested: [{ tokenHash: 'abc', keep: 1 }], after: { passwordHash: 'x' } })).toEqual({
      userId: 'u1',
      nested: [{ keep: 1 }],
      after: {},
    });
    expect(withoutSecrets('text')).toBe('text');
    expect(withoutSecrets(null)).toBeNull();
  });

  it('are keyed by stream, named in headers, and read back the same', () => {
    const event = recorded('user-u1', 'UserRegistered', { userId: 'u1', email: 'asha@university.edu', passwordHash: 'secret' });
    const message = relayMessage(event);
    expect(message.key).toBe('user-u1');
    expect(message.headers).toEqual({ 'event-id': 'e-1', 'event-type': 'UserRegistered', 'schema-version': '1', position: '42', 'correlation-id': 'c-1' });
    expect(message.value).not.toContain('secret');
    const { passwordHash: _secret, ...data } = event.data as Record<string, unknown>;
    expect(parseRelayedEvent({ value: Buffer.from(message.value) })).toEqual({ ...event, data });
  });

  it('carry the correlation id of the request that caused them as a header, read back from it or from the metadata', () => {
    const event = recorded('job-j1', 'JobApproved', { jobId: 'j1' });
    const message = relayMessage(event);
    expect(correlationIdOfMessage({ headers: message.headers })).toBe('c-1');
    expect(correlationIdOfMessage({ headers: { 'correlation-id': Buffer.from('from-header') } }, toRelayedEvent(event))).toBe('from-header');
    expect(correlationIdOfMessage({ headers: {} }, toRelayedEvent(event))).toBe('c-1');
    expect(correlationIdOfMessage({ headers: {} })).toBeUndefined();
  });

  it('refuses a message that is not a relayed event', () => {
    expect(() => parseRelayedEvent({ value: Buffer.from('not json') })).toThrow();
    expect(() => parseRelayedEvent({ value: Buffer.from('{"type":"X"}') })).toThrow();
    expect(() => parseRelayedEvent({ value: null })).toThrow(/without a value/);
  });
});

describe('topics', () => {
  it.each([
    ['user-1', 'users'],
    ['user-email-0f3a', 'users'],
    ['job-1', 'jobs'],
    ['application-1', 'applications'],
    ['training-1', 'trainings'],
    ['experience-1', 'experiences'],
    ['campaign-1', 'campaigns'],
    ['template-1', 'templates'],
    ['something-else', 'other'],
  ])('%s goes to %s', (streamId, topic) => {
    expect(aggregateTopicOf(streamId)).toBe(topic);
  });

  it('share one prefix, with explicit partitions and retention', () => {
    const topics = placementTopics('t1.');
    expect(topics).toMatchObject({ users: 't1.placement.users', retry: 't1.placement.notifier.retry', dlq: 't1.placement.dlq' });
    const specs = placementTopicSpecs(topics, 6);
    expect(specs.map((spec) => spec.topic).sort()).toEqual(Object.values(topics).sort());
    expect(specs.every((spec) => spec.partitions === 6 && spec.retentionMs !== undefined)).toBe(true);
    expect(specs.find((spec) => spec.topic === topics.users)!.retentionMs).toBe(-1);
  });
});
