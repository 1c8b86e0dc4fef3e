/**
 * One correlation id from a click to the inbox, on the running stack: a sign-up sent through the
 * gateway with X-Correlation-Id comes back with it, the command side's log lines of the request carry
 * it, the event keeps it in its metadata, the relay publishes it as a Kafka header, and the notifier
 * sends the verification mail with it as X-Correlation-Id, read back from the real SMTP server.
 * (After a code change the running services need `npm run restart` to show it.)
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createEventStore, createKafka, Mailbox, placementTopics, RELAY_HEADERS, type EventStore, type RecordedEvent } from '@placement/platform';
import { LOCAL_DEFAULTS } from '../platform/src/config/local-stack';
import { PORTAL_URL, testClientAddress } from './support/portal';
import { repoRoot } from './support/processes';

const mailbox = new Mailbox(LOCAL_DEFAULTS.MAILBOX_API_URL);

/** The JSON lines of a running service's log that carry `correlationId`. */
async function logLinesOf(service: string, correlationId: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path.join(repoRoot, '.local', 'logs', `${service}.log`), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.includes(correlationId))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The Kafka headers of the message the relay published for `event`, read from the topic's start. */
async function relayedHeaders(event: RecordedEvent): Promise<Record<string, string>> {
  const kafka = createKafka({ KAFKA_BROKERS: LOCAL_DEFAULTS.KAFKA_BROKERS.split(','), KAFKA_CLIENT_ID: `correlation-test-${randomUUID()}` });
  const topic = placementTopics().users;
  const consumer = kafka.consumer({ groupId: `correlation-test-${randomUUID()}` });
  await consumer.connect();
  try {
    // kafkajs subscribes only while the consumer is not running yet.
    await consumer.subscribe({ topic, fromBeginning: true });
    const found = new Promise<Record<string, string>>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          if (message.headers?.[RELAY_HEADERS.eventId]?.toString() !== event.eventId) return;
          resolve(Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [name, String(value)])));
        },
      });
    });
    return await found;
  } finally {
    await consumer.disconnect();
  }
}

describe('the correlation id from the gateway to the mail', () => {
  let store: EventStore;

  beforeAll(async () => {
    store = await createEventStore(LOCAL_DEFAULTS);
  });
  afterAll(() => store?.close());

  it('travels from a sign-up through the logs, the event and Kafka into the verification mail', async () => {
    const correlationId = `click-${randomUUID()}`;
    const email = `corr.${randomUUID().slice(0, 8)}@university.edu`;
    const reply = await fetch(`${PORTAL_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Correlation-Id': correlationId, 'X-Forwarded-For': testClientAddress() },
      body: JSON.stringify({ fullName: 'Meera Iyer', rollNo: 'CS21-117', email, password: 'a long enough password' }),
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('x-correlation-id')).toBe(correlationId);
    const { position } = (await reply.json()) as { position: number };

    // The event keeps it in its metadata.
    const written = (await store.readAll({ fromPosition: position - 20, maxCount: 40 })).filter((recorded) => recorded.metadata.correlationId === correlationId);
    const event = written.find((recorded) => recorded.type === 'UserRegistered');
    expect(event).toMatchObject({ type: 'UserRegistered', metadata: { correlationId } });

    // The mail carries it, read back from the real SMTP server.
    const [mail] = await mailbox.waitForMailTo(email, 1, { timeoutMs: 60_000 });
    expect(mail!.subject).toBe('Verify your email address for the Placement Portal');
    expect(mail!.headers['x-correlation-id']).toBe(correlationId);

    // The relay published it as a header of the event's message.
    expect(await relayedHeaders(event!)).toMatchObject({ [RELAY_HEADERS.correlationId]: correlationId, [RELAY_HEADERS.eventId]: event!.eventId });

    // Every line the command side logged for the request carries it, the request's own among them.
    const lines = await logLinesOf('command-api', correlationId);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatchObject({ correlationId });
    expect(lines.map((line) => line.msg)).toContain('request completed');
  }, 120_000);

  it('names it in a problem reply, for an id the client made up and for one the gateway made', async () => {
    const correlationId = `click-${randomUUID()}`;
    const refused = await fetch(`${PORTAL_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Correlation-Id': correlationId, 'X-Forwarded-For': testClientAddress() },
      body: JSON.stringify({ fullName: '', email: 'not an address' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await refused.json()).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400, instance: '/api/auth/register', correlationId, message: expect.any(String), errors: expect.any(Array) });

    const anonymous = await fetch(`${PORTAL_URL}/api/jobs/${randomUUID()}`);
    const made = anonymous.headers.get('x-request-id');
    expect(made).toMatch(/^[0-9a-f]{32}$/);
    expect(anonymous.headers.get('x-correlation-id')).toBe(made);
    expect(await anonymous.json()).toMatchObject({ status: 404, correlationId: made });
  });
});
