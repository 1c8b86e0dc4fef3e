import type { Response } from 'express';
import { SERVICE_NAMES, type ConsumerGroupLag, type RouteSpec } from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { notifierLag, probeServices, readProjectionLags, reasonOf, serviceUrl, PROBE_TIMEOUT_MS, type ServiceProbe } from '../system/probes';
import type { ProjectionLag } from '../system/prometheus';

/** Something read, or why it could not be. */
type Reading<T> = { items: T[]; error: string | null };

export interface SystemStatus {
  status: 'ok' | 'degraded';
  checkedAt: string;
  services: ServiceProbe[];
  projections: Reading<ProjectionLag>;
  kafka: { groups: ConsumerGroupLag[]; error: string | null };
}

/** 'ok' only when every service is up and ready, both lag sources answered and no projection is stuck. */
export function overallStatus(parts: Omit<SystemStatus, 'status' | 'checkedAt'>): SystemStatus['status'] {
  const servicesOk = parts.services.every((service) => service.healthy && service.ready);
  const projectionsOk = parts.projections.error === null && parts.projections.items.every((item) => item.stuck === null);
  return servicesOk && projectionsOk && parts.kafka.error === null ? 'ok' : 'degraded';
}

async function reading<T>(work: () => Promise<T[]>): Promise<Reading<T>> {
  try {
    return { items: await work(), error: null };
  } catch (error) {
    return { items: [], error: reasonOf(error, PROBE_TIMEOUT_MS) };
  }
}

const serviceSchema = z.object({
  name: z.enum(SERVICE_NAMES),
  url: z.string(),
  healthy: z.boolean(),
  ready: z.boolean(),
  uptimeSeconds: z.number().nullable(),
  checks: z.record(z.string(), z.string()),
  error: z.string().nullable(),
});
const stuckSchema = z
  .object({
    position: z.number().describe('Global position of the event it cannot apply: what a skip names'),
    eventType: z.string(),
    error: z.string().describe("The last failure's message"),
    attempts: z.number().describe('Failed tries so far'),
    seconds: z.number().describe('Seconds since the first failed try'),
  })
  .nullable()
  .describe('The event the projection keeps failing to apply (it does not move past it until the event applies or an admin skips it), or null');
const projectionSchema = z.object({ projection: z.string(), lagEvents: z.number(), lagSeconds: z.number(), position: z.number().nullable(), stuck: stuckSchema });
const partitionSchema = z.object({ partition: z.number(), committed: z.number().nullable(), end: z.number(), lag: z.number() });
const groupSchema = z.object({
  groupId: z.string(),
  lag: z.number(),
  topics: z.array(z.object({ topic: z.string(), lag: z.number(), partitions: z.array(partitionSchema) })),
});
export const systemStatusSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checkedAt: z.string(),
  services: z.array(serviceSchema),
  projections: z.object({ items: z.array(projectionSchema), error: z.string().nullable() }),
  kafka: z.object({ groups: z.array(groupSchema), error: z.string().nullable() }),
});

export function systemRoutes(deps: QueryApiDeps): RouteSpec[] {
  async function status(res: Response) {
    const [services, projections, groups] = await Promise.all([
      probeServices(deps.env),
      reading(() => readProjectionLags(serviceUrl(deps.env, 'projectors'))),
      reading(() => notifierLag(deps.kafka, deps.env.KAFKA_TOPIC_PREFIX)),
    ]);
    const parts = { services, projections, kafka: { groups: groups.items, error: groups.error } };
    const reply: SystemStatus = { status: overallStatus(parts), checkedAt: deps.now().toISOString(), ...parts };
    res.set('Cache-Control', 'no-store').json(reply);
  }

  return [
    {
      method: 'get',
      paths: ['/api/system/status'],
      action: 'system.status',
      summary:
        "Each service's health and readiness, each projection's lag and the event it is stuck at, if any (from the projectors' /metrics) and the notifier's Kafka consumer-group lag (committed offsets against each partition's end); always 200, with status 'degraded' and the reasons when something does not answer",
      tags: ['operations'],
      responds: { status: 200, description: 'The status of the whole system', schema: systemStatusSchema },
      handler: (_req, res) => status(res),
    },
  ];
}
