import { Kafka, logLevel, type Admin, type ITopicConfig, type LogEntry } from 'kafkajs';
import type { Logger } from 'pino';
import type { Env } from '../config';
import { stopKafkaIdleTimer } from './idle-timer';

export type { Kafka };
export type { Admin, Consumer, ConsumerRunConfig, EachBatchPayload, EachMessagePayload, IHeaders, KafkaMessage, Producer } from 'kafkajs';
export { CompressionTypes, Partitioners } from 'kafkajs';
export * from './consumer-lag';
export * from './envelope';
export * from './topics';

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * A kafkajs client whose own logs go through the service's JSON logger, without kafkajs 2.2.4's idle
 * 1 ms timer per broker connection (idle-timer.ts).
 */
export function createKafka(env: Pick<Env, 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID'>, logger?: Logger): Kafka {
  if (!stopKafkaIdleTimer()) logger?.warn('kafkajs is not the release idle-timer.ts was written for; its request queues keep their own scheduling');
  return new Kafka({
    clientId: env.KAFKA_CLIENT_ID,
    brokers: env.KAFKA_BROKERS,
    logLevel: logLevel.WARN,
    retry: { initialRetryTime: 200, retries: 8 },
    logCreator:
      () =>
      ({ level, log }: LogEntry) => {
        const { message, ...extra } = log;
        logger?.[LEVELS[level] ?? 'info']({ kafka: extra }, message);
      },
  });
}

export interface TopicSpec {
  topic: string;
  partitions: number;
  /** -1 keeps everything. */
  retentionMs?: number;
  /** Further topic configuration, e.g. `max.message.bytes`. */
  config?: Record<string, string>;
}

/** Creates the topics that do not exist yet, with explicit partitions and retention; safe to repeat. */
export async function ensureTopics(admin: Admin, specs: TopicSpec[]): Promise<string[]> {
  const existing = new Set(await admin.listTopics());
  const missing: ITopicConfig[] = specs
    .filter((spec) => !existing.has(spec.topic))
    .map((spec) => ({
      topic: spec.topic,
      numPartitions: spec.partitions,
      replicationFactor: -1,
      configEntries: [
        ...(spec.retentionMs === undefined ? [] : [{ name: 'retention.ms', value: String(spec.retentionMs) }]),
        ...Object.entries(spec.config ?? {}).map(([name, value]) => ({ name, value })),
      ],
    }));
  // Two processes starting together (the relay and the notifier) may both create: kafkajs answers
  // false, not an error, when every topic already exists.
  if (missing.length > 0) await createWithLeaders(admin, missing);
  return missing.map((spec) => spec.topic);
}

const isUnknownTopic = (error: unknown): boolean => (error as { type?: string }).type === 'UNKNOWN_TOPIC_OR_PARTITION';

/**
 * kafkajs waits for new topics' leaders but retries only LEADER_NOT_AVAILABLE, while a broker may
 * first answer UNKNOWN_TOPIC_OR_PARTITION for a topic it has just created: that answer is waited out too.
 */
async function createWithLeaders(admin: Admin, topics: ITopicConfig[], attempts = 20): Promise<void> {
  try {
    await admin.createTopics({ topics, waitForLeaders: true });
  } catch (error) {
    if (!isUnknownTopic(error)) throw error;
    for (let attempt = 1; ; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      try {
        await admin.fetchTopicMetadata({ topics: topics.map((spec) => spec.topic) });
        return;
      } catch (retryError) {
        if (!isUnknownTopic(retryError) || attempt >= attempts) throw retryError;
      }
    }
  }
}

/** Readiness: the broker answers a metadata request. */
export async function pingKafka(kafka: Kafka): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.describeCluster();
  } finally {
    await admin.disconnect();
  }
}
