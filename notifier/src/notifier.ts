import {
  accountLookup,
  authenticate,
  correlationIdOfMessage,
  ensureTopics,
  mountRoutes,
  Partitioners,
  parseRelayedEvent,
  notifierConsumerGroups,
  placementTopics,
  placementTopicSpecs,
  settledWithin,
  type Consumer,
  type ConsumerRunConfig,
  type PlacementTopics,
  type RelayedEvent,
  type ServiceDefinition,
  withCorrelationId,
} from '@placement/platform';
import { BulkSender } from './bulk/bulk-sender';
import { BulkSends } from './bulk/bulk-sends';
import { CampaignLedger } from './bulk/campaign-ledger';
import { Dispatcher } from './bulk/dispatcher';
import type { NotifierDeps } from './context';
import { JobDirectory } from './directory/jobs';
import { StudentDirectory } from './directory/students';
import { HANDLERS, type NotifierServices } from './handlers';
import { keyOrderedBatch } from './key-ordered';
import { ApplicantAddresses } from './applicant-address';
import { portalLinks } from './links';
import { mailDevDeliveryLog } from './mail/delivery-log';
import { Mailer } from './mail/mailer';
import { SentLog } from './mail/sent-log';
import { createNotifierMetrics, type NotifierMetrics } from './metrics';
import { EventPipeline } from './pipeline';
import { mailsSince } from './mail-since';
import { DeadLetters } from './retry/dead-letters';
import { Failures, UnreadableMessageError } from './retry/failures';
import { retryBatchHandler } from './retry/retry-consumer';
import { deadLetterRoutes } from './retry/routes';
import type { DeadLetterMessage, RetryMessage, WorkItem } from './retry/work';

/** Chunks of bulk sends one process works on at once (each with NOTIFIER_CONCURRENCY sends in flight at most overall). */
const PARALLEL_CHUNKS = 4;
const DISCONNECT_WAIT_MS = 10_000;
const RELAUNCH_DELAY_MS = 2000;
/** A campaign to every student is one large message. */
const MAX_BYTES_PER_PARTITION = 10 * 1024 * 1024;

export interface Notifier {
  topics: PlacementTopics;
  groups: { events: string; directory: string; retry: string; deadLetters: string };
  metrics: NotifierMetrics;
  deadLetters: DeadLetters;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Mounts the dead-letter endpoints and registers the notifier's metrics. */
  routes: NonNullable<ServiceDefinition['routes']>;
}

/**
 * The notifier: four consumer groups over the relay's topics and a dispatcher of bulk mail.
 * - `notifier`: event topics → one handler per event type (single mails sent at once, bulk sends queued);
 * - `notifier-directory`: the users and jobs topics → the recipient directory of job announcements and
 *   the role and company each application mail names;
 * - `notifier-retry`: the retry topic → each failed piece of work again once its time has come;
 * - `notifier-dead-letters`: the dead-letter topic → the list admins read and retry.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const { env, settings, kafka, db, logger } = deps;
  const prefix = env.KAFKA_TOPIC_PREFIX;
  const topics = placementTopics(prefix);
  const subscriptions = notifierConsumerGroups(topics, prefix);
  const groups = { events: subscriptions.events.groupId, directory: subscriptions.directory.groupId, retry: subscriptions.retry.groupId, deadLetters: subscriptions.deadLetters.groupId };
  const metrics = createNotifierMetrics();
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  const mailer = new Mailer(
    deps.transport,
    new SentLog(db),
    // A claim runs out before the lease of the chunk it belongs to (renewed every quarter lease), so a
    // chunk taken over after a crash finds its in-flight mails claimable.
    {
      from: env.MAIL_FROM,
      owner: deps.instanceId,
      claimTtlMs: settings.leaseMs / 2,
      mailsPerSecond: settings.mailsPerSecond,
      concurrency: settings.concurrency,
      deliveryLog: settings.deliveryLogUrl ? mailDevDeliveryLog(settings.deliveryLogUrl) : undefined,
    },
    metrics,
    logger,
  );
  const failures = new Failures(producer, topics, settings, metrics, logger);
  const ledger = new CampaignLedger(deps.store, logger);
  const bulk = new BulkSends(db);
  const links = portalLinks(env.PUBLIC_URL);
  const sender = new BulkSender({ bulk, mailer, ledger, failures, files: deps.files, links, publicUrl: env.PUBLIC_URL, secret: env.JWT_SECRET, concurrency: settings.concurrency, logger });
  const dispatcher = new Dispatcher(bulk, sender, { owner: deps.instanceId, leaseMs: settings.leaseMs, pollMs: settings.pollMs, parallelChunks: PARALLEL_CHUNKS }, logger);
  const directory = new StudentDirectory(db, kafka, topics.users, groups.directory, logger);
  const jobDirectory = new JobDirectory(db, kafka, topics.jobs, groups.directory, settings.directoryWaitMs, logger);
  const deadLetters = new DeadLetters(db);
  const services: NotifierServices = {
    mailer,
    links,
    jobs: jobDirectory,
    applicants: new ApplicantAddresses(deps.store),
    directory,
    enqueueBulk: async (send, recipients) => {
      await bulk.enqueue(send, recipients, settings.chunkSize);
      dispatcher.wake();
    },
    secret: env.JWT_SECRET,
    directoryWaitMs: settings.directoryWaitMs,
    logger,
  };
  const pipeline = new EventPipeline(HANDLERS, services, failures, metrics, logger);
  const consumers = new Set<Consumer>();
  const relaunchTimers = new Set<NodeJS.Timeout>();
  let stopping = false;
  const retryTimers = new Set<NodeJS.Timeout>();

  const unreadable = (topic: string, partition: number, message: { offset: string; key: Buffer | null; value: Buffer | null }): WorkItem => ({
    kind: 'unreadable',
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? null,
    value: message.value?.toString() ?? null,
  });

  async function runRetry(retry: RetryMessage): Promise<void> {
    const { item, attempt, firstFailedAt } = retry;
    try {
      if (item.kind === 'event') return await pipeline.process(item.event, attempt, { firstFailedAt });
      if (item.kind === 'recipient') return await sender.retryRecipient(item.sendId, item.recipient, attempt, firstFailedAt);
      let event: RelayedEvent;
      try {
        event = parseRelayedEvent({ value: item.value === null ? null : Buffer.from(item.value) });
      } catch (error) {
        throw new UnreadableMessageError(String(error));
      }
      await pipeline.process(event, attempt, { firstFailedAt });
    } catch (error) {
      await failures.failed(item, attempt, error, firstFailedAt);
    }
  }

  /**
   * Runs a consumer group member for as long as the notifier runs. kafkajs restarts a member after
   * most crashes; after the others (the group coordinator not found while the broker is busy, say) it
   * leaves the member stopped, so a fresh member takes its place after a pause.
   */
  function supervise(groupId: string, subscribed: string[], fromBeginning: boolean, config: ConsumerRunConfig): void {
    const relaunch = (created: Consumer) => {
      consumers.delete(created);
      if (stopping) return;
      const timer = setTimeout(() => {
        relaunchTimers.delete(timer);
        void launch();
      }, RELAUNCH_DELAY_MS);
      relaunchTimers.add(timer);
    };
    const launch = async () => {
      if (stopping) return;
      const created = kafka.consumer({
        groupId,
        allowAutoTopicCreation: false,
        maxBytesPerPartition: MAX_BYTES_PER_PARTITION,
        // An idle fetch waits this long for data; a stop waits for the fetch in flight.
        maxWaitTimeInMs: 1000,
        // kafkajs restarts a crashed consumer; not once the notifier is stopping.
        retry: { retries: 8, restartOnFailure: async () => !stopping },
      });
      consumers.add(created);
      created.on(created.events.GROUP_JOIN, () => logger.info({ groupId }, 'joined consumer group'));
      created.on(created.events.CRASH, ({ payload }) => {
        logger.error({ err: payload.error, groupId, restart: payload.restart }, 'Kafka consumer crashed');
        if (!payload.restart) relaunch(created);
      });
      try {
        await created.connect();
        await created.subscribe({ topics: subscribed, fromBeginning });
        // Resolves once the member joined; after a kill, when the dead member's session ran out (30 s).
        await created.run(config);
      } catch (error) {
        logger.error({ err: error, groupId }, 'Kafka consumer did not start; trying again');
        await created.disconnect().catch(() => undefined);
        relaunch(created);
      }
    };
    void launch();
  }

  async function start(): Promise<void> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, placementTopicSpecs(topics, env.KAFKA_TOPIC_PARTITIONS));
    } finally {
      await admin.disconnect();
    }
    await Promise.all([bulk.init(), deadLetters.init(), directory.start(), jobDirectory.start()]);
    const since = await mailsSince(db);
    pipeline.mailSince(since);
    await producer.connect();
    // Bulk sends (and schedules) live in MongoDB: they resume at once, without waiting for the groups.
    dispatcher.start();

    // Start does not wait for the groups: a stop must never be held up by a member still joining.
    supervise(groups.directory, subscriptions.directory.topics, true, {
      partitionsConsumedConcurrently: env.KAFKA_TOPIC_PARTITIONS,
      eachBatchAutoResolve: false,
      eachBatch: keyOrderedBatch(async (message) => {
        let event: RelayedEvent;
        try {
          event = parseRelayedEvent(message);
        } catch (error) {
          logger.warn({ err: error, offset: message.offset }, 'unreadable message on a directory topic; the directory skips it');
          return;
        }
        await Promise.all([directory.apply(event), jobDirectory.apply(event)]);
      }, settings.concurrency),
    });
    supervise(groups.events, subscriptions.events.topics, true, {
      partitionsConsumedConcurrently: env.KAFKA_TOPIC_PARTITIONS,
      eachBatchAutoResolve: false,
      eachBatch: async (payload) => {
        // After the batch was fetched: a directory caught up since then holds what came before any of it.
        const receivedAt = performance.now();
        return keyOrderedBatch(async (message) => {
          let event: RelayedEvent;
          try {
            event = parseRelayedEvent(message);
          } catch (error) {
            await withCorrelationId(correlationIdOfMessage(message), () =>
              failures.failed(unreadable(payload.batch.topic, payload.batch.partition, message), 1, new UnreadableMessageError(String(error))),
            );
            return;
          }
          await withCorrelationId(correlationIdOfMessage(message, event), () => pipeline.process(event, 1, { receivedAt }));
        }, settings.concurrency)(payload);
      },
    });
    supervise(groups.retry, subscriptions.retry.topics, true, {
      partitionsConsumedConcurrently: env.KAFKA_TOPIC_PARTITIONS,
      eachBatchAutoResolve: false,
      eachBatch: retryBatchHandler(runRetry, logger, retryTimers),
    });
    supervise(groups.deadLetters, subscriptions.deadLetters.topics, true, {
      eachMessage: async ({ message, partition }) => {
        let letter: DeadLetterMessage;
        try {
          letter = JSON.parse(message.value?.toString() ?? '') as DeadLetterMessage;
          if (typeof letter.id !== 'string' || !letter.item) throw new Error('not a dead letter');
        } catch (error) {
          logger.error({ err: error, partition, offset: message.offset }, 'unreadable message on the dead-letter topic; skipped');
          return;
        }
        await deadLetters.record(letter);
      },
    });
    logger.info({ groups, topicPrefix: prefix, mailsSince: since.toISOString() }, 'notifier started');
  }

  async function stop(): Promise<void> {
    stopping = true;
    await dispatcher.stop();
    for (const timer of retryTimers) clearTimeout(timer);
    // A member still joining its group (after a kill, until the dead member's session ran out) cannot
    // leave politely; it is dropped after a while and the group forgets it when its session runs out.
    for (const timer of relaunchTimers) clearTimeout(timer);
    await settledWithin(Promise.allSettled([...consumers].map((created) => created.disconnect())), DISCONNECT_WAIT_MS);
    await ledger.flushAll();
    await producer.disconnect();
    await Promise.all([directory.stop(), jobDirectory.stop()]);
  }

  return {
    topics,
    groups,
    metrics,
    deadLetters,
    start,
    stop,
    routes(app, serviceMetrics) {
      metrics.register(serviceMetrics.registry);
      mountRoutes(app, deadLetterRoutes(deadLetters, failures), authenticate({ secret: env.JWT_SECRET, expiresIn: env.JWT_EXPIRES_IN }, accountLookup(deps.store)));
    },
  };
}
