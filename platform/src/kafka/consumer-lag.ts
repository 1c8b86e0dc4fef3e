import type { Admin } from 'kafkajs';
import type { PlacementTopics } from './topics';

/** A consumer group and the topics it subscribes to. */
export interface ConsumerGroupSpec {
  groupId: string;
  topics: string[];
}

export type NotifierGroup = 'events' | 'directory' | 'retry' | 'deadLetters';

/**
 * The notifier's consumer groups and the topics each subscribes to (every group reads from the
 * beginning). The notifier subscribes exactly these, so whoever reports their lag agrees on the names.
 */
export function notifierConsumerGroups(topics: PlacementTopics, prefix = ''): Record<NotifierGroup, ConsumerGroupSpec> {
  return {
    events: { groupId: `${prefix}notifier`, topics: [topics.users, topics.jobs, topics.applications, topics.campaigns] },
    directory: { groupId: `${prefix}notifier-directory`, topics: [topics.users, topics.jobs] },
    retry: { groupId: `${prefix}notifier-retry`, topics: [topics.retry] },
    deadLetters: { groupId: `${prefix}notifier-dead-letters`, topics: [topics.dlq] },
  };
}

export interface PartitionLag {
  partition: number;
  /** The group's committed offset, or null when it has committed none on this partition yet. */
  committed: number | null;
  /** The offset the next message will get (the log-end offset). */
  end: number;
  lag: number;
}

export interface TopicLag {
  topic: string;
  lag: number;
  partitions: PartitionLag[];
}

export interface ConsumerGroupLag {
  groupId: string;
  lag: number;
  topics: TopicLag[];
}

/**
 * Messages a group has still to read on one partition. Kafka reports "no committed offset" as -1:
 * a group that reads from the beginning then has everything still in the log (from `low`) before it.
 */
export function partitionLag(committed: string, low: string, high: string): number {
  const end = Number(high);
  const start = Number(committed) >= 0 ? Number(committed) : Number(low);
  return Math.max(0, end - start);
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** The group's lag per partition: its committed offsets (fetchOffsets) against each partition's end (fetchTopicOffsets). */
export async function consumerGroupLag(admin: Admin, group: ConsumerGroupSpec): Promise<ConsumerGroupLag> {
  const committedByTopic = new Map((await admin.fetchOffsets({ groupId: group.groupId, topics: group.topics })).map((entry) => [entry.topic, entry.partitions]));
  const topics = await Promise.all(
    group.topics.map(async (topic): Promise<TopicLag> => {
      const committed = new Map((committedByTopic.get(topic) ?? []).map((entry) => [entry.partition, entry.offset]));
      const partitions = (await admin.fetchTopicOffsets(topic))
        .map(({ partition, low, high }): PartitionLag => {
          const offset = committed.get(partition) ?? '-1';
          return { partition, committed: Number(offset) >= 0 ? Number(offset) : null, end: Number(high), lag: partitionLag(offset, low, high) };
        })
        .sort((a, b) => a.partition - b.partition);
      return { topic, lag: sum(partitions.map((p) => p.lag)), partitions };
    }),
  );
  return { groupId: group.groupId, lag: sum(topics.map((t) => t.lag)), topics };
}
