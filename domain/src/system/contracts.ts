import { z } from 'zod';

/**
 * The system status reply's contract: what GET /api/system/status answers (query-api/src/routes/system.ts
 * declares it, validated under REPLY_CONTRACTS=enforce and documented in the API description); the admin
 * System Status screen's types are its z.infer. The stack's service names are platform's configuration,
 * which the domain does not know: here a name is any string, and the route narrows it to the stack's.
 */

/** One service's /health and /ready, asked at once. */
export const serviceStatusSchema = z.strictObject({
  name: z.string().describe("The service's name in the stack's configuration"),
  url: z.string(),
  healthy: z.boolean().describe('/health answered 200: the process is up'),
  ready: z.boolean().describe('/ready answered 200: every dependency of the service answers'),
  uptimeSeconds: z.number().nullable(),
  checks: z.record(z.string(), z.string()).describe("The readiness report: each dependency and 'ok' or its problem"),
  error: z.string().nullable().describe('Why the service is not healthy or not ready, when it is not'),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** The event a projection keeps failing to apply: it does not move past it until it applies or an admin skips it. */
export const stuckProjectionSchema = z.strictObject({
  position: z.number().describe('Global position of the event it cannot apply: what a skip names'),
  eventType: z.string(),
  error: z.string().describe("The last failure's message"),
  attempts: z.number().describe('Failed tries so far'),
  seconds: z.number().describe('Seconds since the first failed try'),
});
export type StuckProjection = z.infer<typeof stuckProjectionSchema>;

/** One projection's lag, from the projectors' /metrics. */
export const projectionLagSchema = z.strictObject({
  projection: z.string(),
  lagEvents: z.number().describe('Events appended to the log but not yet applied'),
  lagSeconds: z.number().describe('Age of the oldest event not yet applied; 0 when caught up'),
  position: z.number().nullable().describe('Global position of the last applied event, when the projectors report it'),
  stuck: stuckProjectionSchema
    .nullable()
    .describe('The event the projection keeps failing to apply (it does not move past it until the event applies or an admin skips it), or null'),
});
export type ProjectionLag = z.infer<typeof projectionLagSchema>;

/** One partition of a consumer group's topic: the group's committed offset (null: none yet) against the log's end. */
const partitionLagSchema = z.strictObject({ partition: z.number(), committed: z.number().nullable(), end: z.number(), lag: z.number() });

/** A Kafka consumer group's lag: per topic and per partition, and in all. */
export const consumerGroupLagSchema = z.strictObject({
  groupId: z.string(),
  lag: z.number(),
  topics: z.array(z.strictObject({ topic: z.string(), lag: z.number(), partitions: z.array(partitionLagSchema) })),
});
export type ConsumerGroupLag = z.infer<typeof consumerGroupLagSchema>;

/** GET /api/system/status: 'ok' only when every service is up and ready, both lag sources answered and no projection is stuck. */
export const systemStatusSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  checkedAt: z.string(),
  services: z.array(serviceStatusSchema),
  projections: z.strictObject({ items: z.array(projectionLagSchema), error: z.string().nullable() }),
  kafka: z.strictObject({ groups: z.array(consumerGroupLagSchema), error: z.string().nullable() }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** Notifier work given up on after its last try (GET /api/dead-letters, answered by the notifier). */
export const deadLetterSchema = z.strictObject({
  id: z.string(),
  kind: z.string().describe("What was being done: a mail, a campaign chunk, an event's handling"),
  eventId: z.string().nullable(),
  eventType: z.string().nullable(),
  recipient: z.string().nullable(),
  correlationId: z.string().nullable().describe('The id of the request behind the failed work, to find its log lines'),
  attempts: z.number(),
  reason: z.string().describe("The last try's failure"),
  permanent: z.boolean().describe('The failure cannot pass by itself (a refused address, say): no automatic tries were left'),
  firstFailedAt: z.string(),
  deadAt: z.string(),
  status: z.enum(['dead', 'retried']),
  retriedAt: z.string().nullable(),
  retriedBy: z.string().nullable(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

export const deadLetterListReplySchema = z.strictObject({ deadLetters: z.array(deadLetterSchema), total: z.number() });
export type DeadLetterListReply = z.infer<typeof deadLetterListReplySchema>;

export const deadLetterRetryReplySchema = z.strictObject({ message: z.string(), deadLetter: deadLetterSchema });
export type DeadLetterRetryReply = z.infer<typeof deadLetterRetryReplySchema>;
