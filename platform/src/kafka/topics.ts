import type { TopicSpec } from './index';

/** The aggregates that have a topic of their own, each named after its streams. */
export const AGGREGATE_TOPICS = {
  users: 'placement.users',
  jobs: 'placement.jobs',
  applications: 'placement.applications',
  trainings: 'placement.trainings',
  experiences: 'placement.experiences',
  campaigns: 'placement.campaigns',
  templates: 'placement.templates',
  /** Streams of no known aggregate: published rather than dropped, so the relay never stops on one. */
  other: 'placement.other',
} as const;

export type AggregateTopic = keyof typeof AGGREGATE_TOPICS;

export interface PlacementTopics extends Record<AggregateTopic, string> {
  /** Failed notifier work waiting for its next try. */
  retry: string;
  /** Work given up on after the last try; admins list and retry it. */
  dlq: string;
}

/** Every topic name, each behind `prefix` (empty in a deployment; tests and benchmarks use their own). */
export function placementTopics(prefix = ''): PlacementTopics {
  const aggregates = Object.fromEntries(Object.entries(AGGREGATE_TOPICS).map(([name, topic]) => [name, `${prefix}${topic}`])) as Record<AggregateTopic, string>;
  return { ...aggregates, retry: `${prefix}placement.notifier.retry`, dlq: `${prefix}placement.dlq` };
}

/** Stream-id prefixes of each aggregate (`user-email-<hash>` is a user's address claim, so it goes with users). */
const STREAM_PREFIXES: [prefix: string, topic: AggregateTopic][] = [
  ['user-', 'users'],
  ['job-', 'jobs'],
  ['application-', 'applications'],
  ['training-', 'trainings'],
  ['experience-', 'experiences'],
  ['campaign-', 'campaigns'],
  ['template-', 'templates'],
];

export function aggregateTopicOf(streamId: string): AggregateTopic {
  return STREAM_PREFIXES.find(([prefix]) => streamId.startsWith(prefix))?.[1] ?? 'other';
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A campaign to every student carries every address in one event. */
const MAX_MESSAGE_BYTES = String(8 * 1024 * 1024);

/**
 * Aggregate topics keep everything, like the event store they mirror, so a new consumer group (the
 * notifier's recipient directory, an analytics sink) can start from the beginning. Retries are short-lived;
 * dead letters stay for three months (admins also see them in the notifier's list).
 */
export function placementTopicSpecs(topics: PlacementTopics, partitions: number): TopicSpec[] {
  const aggregates = (Object.keys(AGGREGATE_TOPICS) as AggregateTopic[]).map((name) => ({
    topic: topics[name],
    partitions,
    retentionMs: -1,
    config: { 'max.message.bytes': MAX_MESSAGE_BYTES },
  }));
  return [
    ...aggregates,
    { topic: topics.retry, partitions, retentionMs: 7 * DAY_MS, config: { 'max.message.bytes': MAX_MESSAGE_BYTES } },
    { topic: topics.dlq, partitions, retentionMs: 90 * DAY_MS, config: { 'max.message.bytes': MAX_MESSAGE_BYTES } },
  ];
}
