import { randomUUID } from 'node:crypto';
import {
  connectMongo,
  consumerGroupLag,
  createKafka,
  createLogger,
  isolatedPostgresStore,
  loadEnv,
  PostgresEventStore,
  Mailbox,
  notifierConsumerGroups,
  placementTopics,
  startService,
  type EventStore,
  type MongoConnection,
  type RunningService,
} from '@placement/platform';
import type { Role } from '@placement/domain';
import { signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { notifierService, notifierSettings, type Notifier } from '../../notifier/src';
import { BULK_CHUNKS_COLLECTION } from '../../notifier/src/bulk/bulk-sends';
import { SENT_LOG_COLLECTION } from '../../notifier/src/mail/sent-log';
import { KafkaRelay, RELAY_CHECKPOINT } from '../../projectors/src/relay';
import { spawnService, waitForStatus, type ServiceProcess } from '../support/processes';

/**
 * A world of its own for one test file: an event-store schema, a read-model database and Kafka topics
 * and groups behind a prefix. The local stack's own services (running during `npm test`) never see
 * its events, and it never sees theirs; the mail server is shared, so tests use unique addresses.
 */
export interface Namespace {
  id: string;
  /** Variables for loadEnv and for spawned services. */
  env: Record<string, string>;
  store: EventStore;
  mongo: MongoConnection;
  mailbox: Mailbox;
  dispose: () => Promise<void>;
}

/** Quick retries and leases, so the failure paths run in seconds. */
export const FAST_NOTIFIER: Record<string, string> = {
  NOTIFIER_RETRY_BASE_MS: '300',
  NOTIFIER_MAX_ATTEMPTS: '3',
  NOTIFIER_LEASE_MS: '4000',
  NOTIFIER_POLL_MS: '200',
  NOTIFIER_MAILS_PER_SECOND: '1000',
  NOTIFIER_DIRECTORY_WAIT_MS: '15000',
};

/** A namespace's own Kafka topics and its notifier's settings (quick retries and leases). */
const namespaceSettings = (id: string, mailboxApiUrl: string): Record<string, string> => ({
  KAFKA_TOPIC_PREFIX: `nt-${id}.`,
  KAFKA_TOPIC_PARTITIONS: '3',
  // The local stack's SMTP server answers by Message-ID whether it has a mail a crash left in doubt.
  NOTIFIER_DELIVERY_LOG_URL: mailboxApiUrl,
  LOG_LEVEL: 'silent',
  ...FAST_NOTIFIER,
});

export async function createNamespace(extra: Record<string, string> = {}): Promise<Namespace> {
  const id = randomUUID().replace(/-/g, '').slice(0, 12);
  const base = loadEnv();
  const mongoUrl = new URL(base.MONGODB_URL);
  mongoUrl.pathname = `/nt_${id}`;
  const isolated = await isolatedPostgresStore(base.POSTGRES_URL);
  const env: Record<string, string> = { POSTGRES_SCHEMA: isolated.schema, MONGODB_URL: mongoUrl.toString(), ...namespaceSettings(id, base.MAILBOX_API_URL), ...extra };
  const store = isolated.store;
  const mongo = await connectMongo(loadEnv({ ...process.env, ...env }));
  const dispose = async () => {
    await isolated.dispose();
    await mongo.db.dropDatabase().catch(() => undefined);
    await mongo.close();
    const admin = createKafka(base).admin();
    await admin.connect();
    try {
      const mine = (await admin.listTopics()).filter((topic) => topic.startsWith(env.KAFKA_TOPIC_PREFIX!));
      if (mine.length > 0) await admin.deleteTopics({ topics: mine });
    } finally {
      await admin.disconnect();
    }
  };
  return { id, env, store, mongo, mailbox: new Mailbox(base.MAILBOX_API_URL), dispose };
}

/**
 * A namespace an earlier run kept (the read-side bench's `keep` prints its settings): at least its
 * MONGODB_URL and POSTGRES_SCHEMA, the rest as createNamespace would set them. `dispose` closes the
 * connections and drops nothing.
 */
export async function reopenNamespace(kept: Record<string, string>, extra: Record<string, string> = {}): Promise<Namespace> {
  const base = loadEnv();
  if (!kept.MONGODB_URL || !kept.POSTGRES_SCHEMA) throw new Error('a kept namespace names its MONGODB_URL and POSTGRES_SCHEMA');
  const id = /\/nt_([0-9a-z]+)/.exec(kept.MONGODB_URL)?.[1] ?? randomUUID().replace(/-/g, '').slice(0, 12);
  const env: Record<string, string> = { ...namespaceSettings(id, base.MAILBOX_API_URL), ...extra, ...kept };
  const store = new PostgresEventStore({ connectionString: base.POSTGRES_URL, schema: env.POSTGRES_SCHEMA! });
  const mongo = await connectMongo(loadEnv({ ...process.env, ...env }));
  const dispose = async () => {
    await store.close();
    await mongo.close();
  };
  return { id, env, store, mongo, mailbox: new Mailbox(base.MAILBOX_API_URL), dispose };
}

export const envOf = (ns: Namespace, overrides: Record<string, string> = {}) => loadEnv({ ...process.env, ...ns.env, ...overrides });

/** The Kafka relay in this process (the projectors service runs the same class). */
export async function startRelay(ns: Namespace, options: { batchSize?: number } = {}): Promise<KafkaRelay> {
  const env = envOf(ns);
  const relay = new KafkaRelay(ns.store, ns.mongo.db, createKafka(env), createLogger('relay-test', 'silent'), {
    topicPrefix: env.KAFKA_TOPIC_PREFIX,
    partitions: env.KAFKA_TOPIC_PARTITIONS,
    ...options,
  });
  await relay.start();
  return relay;
}

/** The notifier service in this process, on a free port. */
export async function startNotifier(ns: Namespace, overrides: Record<string, string> = {}): Promise<{ service: RunningService; notifier: Notifier }> {
  const definition = await notifierService(envOf(ns, overrides), notifierSettings({ ...process.env, ...ns.env, ...overrides }), { port: 0 });
  const service = await startService({ ...definition, host: '127.0.0.1' });
  return { service, notifier: definition.notifier };
}

/** A built service as a real process in this namespace (build first: `tsc -b`). */
export async function spawnInNamespace(service: 'notifier' | 'projectors', ns: Namespace, extra: Record<string, string> = {}): Promise<ServiceProcess> {
  const process = await spawnService(service, { ...ns.env, LOG_LEVEL: 'warn', ...extra });
  await waitForStatus(`${process.url}/ready`, 200, 60_000);
  return process;
}

export const topicsOf = (ns: Namespace) => placementTopics(ns.env.KAFKA_TOPIC_PREFIX);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(probe: () => Promise<T | undefined | null | false>, { timeoutMs = 20_000, intervalMs = 100, what = 'condition' } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/**
 * Waits until the notifier has done everything the namespace's events so far ask of it, so that the
 * mailbox now holds every mail they will ever cause and a test may assert that nothing else was mailed
 * (instead of waiting a while and hoping). All at once:
 * - the relay has published the store up to its head (it checkpoints only after the broker's ack);
 * - the notifier's event and retry groups have committed offsets at the end of their topics (an offset
 *   is committed only after its message was handled: mailed, passed over, or its failure put on the
 *   retry topic; a retry not due yet holds its offset back);
 * - no bulk chunk is pending (a job announcement's or campaign's recipients all handled);
 * - no mail is claimed without an outcome (MailDev stores a mail before it accepts it, and the sent log
 *   records the acceptance after that).
 * Work moves between these places (a retried event queues a bulk send, a failed recipient goes to the
 * retry topic), so the check must hold twice in a row.
 */
export async function notifierSettled(ns: Namespace, { timeoutMs = 60_000 } = {}): Promise<void> {
  const env = envOf(ns);
  const groups = notifierConsumerGroups(placementTopics(env.KAFKA_TOPIC_PREFIX), env.KAFKA_TOPIC_PREFIX);
  const checkpoints = ns.mongo.db.collection<{ _id: string; position: number }>('projection_checkpoints');
  const chunks = ns.mongo.db.collection(BULK_CHUNKS_COLLECTION);
  const sentLog = ns.mongo.db.collection(SENT_LOG_COLLECTION);
  const admin = createKafka(env).admin();
  await admin.connect();
  const idle = async (): Promise<string | undefined> => {
    const head = await ns.store.headPosition();
    const relayed = (await checkpoints.findOne({ _id: RELAY_CHECKPOINT }))?.position ?? 0;
    if (relayed < head) return `relay at ${relayed} of ${head}`;
    for (const group of [groups.events, groups.retry]) {
      const { lag } = await consumerGroupLag(admin, group);
      if (lag > 0) return `${group.groupId} ${lag} behind`;
    }
    const pending = await chunks.countDocuments({ state: 'pending' });
    if (pending > 0) return `${pending} bulk chunks pending`;
    const sending = await sentLog.countDocuments({ state: 'sending' });
    if (sending > 0) return `${sending} mails claimed without an outcome`;
    return undefined;
  };
  let last: string | undefined;
  try {
    await until(async () => (last = (await idle()) ?? (await idle())) === undefined, { timeoutMs, intervalMs: 100, what: 'the notifier settled' });
  } catch (error) {
    throw new Error(`${(error as Error).message} (last seen: ${last})`, { cause: error });
  } finally {
    await admin.disconnect();
  }
}

/** Verified, active accounts written straight to the namespace's store, a batch at a time. */
export async function manyUsers(api: CommandApiUnderTest, count: number, role: Role = 'student'): Promise<SignedInUser[]> {
  const users: SignedInUser[] = [];
  for (let start = 0; start < count; start += 25) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(25, count - start) }, (_, n) => signedInUser(api, role, { fullName: `Student ${start + n + 1}` })))));
  }
  return users;
}

/** A counter's value summed over its labels, from a service's /metrics. */
export async function metricValue(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Stops a spawned service with a signal and waits until it is gone. */
export async function kill(service: ServiceProcess, signal: NodeJS.Signals): Promise<void> {
  service.child.kill(signal);
  await service.exited;
}

/** The whole path of a mail in a namespace of its own: command-api, the relay and the notifier, and an admin to act. */
export interface MailPath {
  ns: Namespace;
  api: CommandApiUnderTest;
  relay: KafkaRelay;
  notifier: RunningService;
  admin: SignedInUser;
  stop(): Promise<void>;
}

export async function startMailPath(extra: Record<string, string> = {}): Promise<MailPath> {
  const ns = await createNamespace(extra);
  const api = await startCommandApi(ns.env);
  const relay = await startRelay(ns);
  const notifier = (await startNotifier(ns)).service;
  const admin = await signedInUser(api, 'admin');
  return {
    ns,
    api,
    relay,
    notifier,
    admin,
    async stop() {
      await notifier.stop();
      await relay.stop();
      await api.stop();
      await ns.dispose();
    },
  };
}
