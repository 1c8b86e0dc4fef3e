import type { Db } from 'mongodb';
import {
  aggregateTopicOf,
  CompressionTypes,
  ensureTopics,
  Partitioners,
  placementTopics,
  placementTopicSpecs,
  relayMessage,
  type EventStore,
  type Kafka,
  type Logger,
  type PlacementTopics,
  type Producer,
  type RecordedEvent,
  type Subscription,
} from '@placement/platform';
import { ensureCheckpoint, readCheckpoint, saveCheckpoint } from '../checkpoints';

export const RELAY_CHECKPOINT = 'kafka-relay';

export interface RelayOptions {
  /** Its document in `projection_checkpoints`. */
  checkpointId?: string;
  /** Before every topic name (tests and benchmarks use their own). */
  topicPrefix?: string;
  /** Partitions of each topic created at start. */
  partitions?: number;
  /** Most events in one produce request; a full batch waits for the broker before more are read. */
  batchSize?: number;
  /** How long a partial batch waits for more events. */
  lingerMs?: number;
  /** Restart delay after a failure (the checkpoint makes the restart safe). */
  retryDelayMs?: number;
  /** Tests hand in a producer that fails on purpose. */
  producer?: RelayProducer;
}

export type RelayProducer = Pick<Producer, 'connect' | 'disconnect' | 'sendBatch'>;

export interface RelayProgress {
  /** Global position of the last event the broker acknowledged. */
  position: number;
  lastEventAt: string | null;
  published: number;
}

/**
 * Publishes every event of the global log to its aggregate's topic, keyed by stream id so that the
 * order per aggregate holds, without secrets. Events are sent in batches by an idempotent producer with
 * acks from all in-sync replicas, one batch at a time; the checkpoint moves only after the broker
 * acknowledged a batch. A crash between the acknowledgement and the checkpoint republishes that batch:
 * delivery is at least once, and consumers de-duplicate by event id.
 */
export class KafkaRelay {
  readonly topics: PlacementTopics;
  private readonly producer: RelayProducer;
  private subscription: Subscription | undefined;
  private pending: RecordedEvent[] = [];
  /** The one batch on its way to the broker; the next is cut when it is back, from what piled up meanwhile. */
  private inFlight: Promise<void> | undefined;
  private lingerTimer: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  /** Bumped at each (re)subscription; sends of an abandoned session are dropped. */
  private session = 0;
  private stopped = true;
  private state: RelayProgress = { position: 0, lastEventAt: null, published: 0 };

  constructor(
    private readonly store: EventStore,
    private readonly db: Db,
    private readonly kafka: Kafka,
    private readonly logger: Logger,
    private readonly options: RelayOptions = {},
  ) {
    this.topics = placementTopics(options.topicPrefix ?? '');
    // The Java client's partitioner (murmur2), so any consumer agrees on where a stream's events are.
    this.producer =
      options.producer ?? kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  }

  private get checkpointId(): string {
    return this.options.checkpointId ?? RELAY_CHECKPOINT;
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 500;
  }

  get progress(): RelayProgress {
    return { ...this.state };
  }

  async start(): Promise<void> {
    this.stopped = false;
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const created = await ensureTopics(admin, placementTopicSpecs(this.topics, this.options.partitions ?? 6));
      if (created.length > 0) this.logger.info({ topics: created }, 'created Kafka topics');
    } finally {
      await admin.disconnect();
    }
    await this.producer.connect();
    await ensureCheckpoint(this.db, this.checkpointId);
    await this.subscribeFromCheckpoint();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    clearTimeout(this.restartTimer);
    await this.subscription?.stop();
    // What was read is sent and checkpointed, so a clean stop republishes nothing.
    while (this.inFlight || this.pending.length > 0) {
      this.kick();
      await this.inFlight;
    }
    await this.producer.disconnect();
  }

  private async subscribeFromCheckpoint(): Promise<void> {
    const checkpoint = await readCheckpoint(this.db, this.checkpointId);
    const session = ++this.session;
    this.pending = [];
    this.state = { ...this.state, position: checkpoint.position, lastEventAt: checkpoint.lastEventAt };
    this.subscription = this.store.subscribeToAll({
      fromPosition: checkpoint.position,
      onEvent: (event) => this.accept(event, session),
      onError: (error) => this.restartAfter(error, session),
    });
  }

  private async accept(event: RecordedEvent, session: number): Promise<void> {
    if (session !== this.session) return;
    this.pending.push(event);
    if (this.pending.length >= this.batchSize) {
      this.kick();
      // Back-pressure: read no further while a full batch waits for the one in flight.
      while (this.inFlight && this.pending.length >= this.batchSize && session === this.session) await this.inFlight;
    } else if (!this.lingerTimer) {
      this.lingerTimer = setTimeout(() => {
        this.lingerTimer = undefined;
        this.kick();
      }, this.options.lingerMs ?? 5);
    }
  }

  /** Sends the next batch unless one is on its way; when it is back, what piled up meanwhile goes next. */
  private kick(): void {
    if (this.inFlight || this.pending.length === 0) return;
    const batch = this.pending.splice(0, this.batchSize);
    const session = this.session;
    this.inFlight = this.send(batch, session).finally(() => {
      this.inFlight = undefined;
      if (session === this.session) this.kick();
    });
  }

  private async send(batch: RecordedEvent[], session: number): Promise<void> {
    if (session !== this.session) return;
    try {
      const byTopic = new Map<string, ReturnType<typeof relayMessage>[]>();
      for (const event of batch) {
        const topic = this.topics[aggregateTopicOf(event.streamId)];
        const messages = byTopic.get(topic) ?? [];
        messages.push(relayMessage(event));
        byTopic.set(topic, messages);
      }
      await this.producer.sendBatch({
        acks: -1,
        compression: CompressionTypes.GZIP,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
      const last = batch.at(-1)!;
      await saveCheckpoint(this.db, this.checkpointId, last.position, last.metadata.occurredAt, 0);
      this.state = { position: last.position, lastEventAt: last.metadata.occurredAt, published: this.state.published + batch.length };
    } catch (error) {
      this.restartAfter(error, session);
    }
  }

  /**
   * Abandons the session, its unsent events included (a later batch must never go out after a failed
   * one, or the checkpoint would pass events that never reached the broker), and resubscribes from the
   * saved checkpoint unless the relay is stopping.
   */
  private restartAfter(error: unknown, session: number): void {
    if (session !== this.session) return;
    this.session += 1;
    this.pending = [];
    clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    if (this.stopped) {
      this.logger.error({ err: error }, 'Kafka relay failed while stopping; the next start resends from its checkpoint');
      return;
    }
    this.logger.error({ err: error }, 'Kafka relay failed; restarting from its checkpoint');
    const subscription = this.subscription;
    this.restartTimer = setTimeout(() => {
      void (async () => {
        await subscription?.stop();
        if (!this.stopped) await this.subscribeFromCheckpoint();
      })().catch((restartError: unknown) => this.restartAfter(restartError, this.session));
    }, this.options.retryDelayMs ?? 1000);
  }
}
