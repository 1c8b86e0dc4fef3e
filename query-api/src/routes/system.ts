import type { Response } from 'express';
import { serviceStatusSchema, systemStatusSchema } from '@placement/domain';
import { SERVICE_NAMES, type RouteSpec } from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { notifierLag, probeServices, readProjectionLags, reasonOf, serviceUrl, PROBE_TIMEOUT_MS } from '../system/probes';

/** Something read, or why it could not be. */
type Reading<T> = { items: T[]; error: string | null };

/**
 * The domain's contract, with the stack's service names (platform's configuration, which the domain
 * cannot import) in place of any name.
 */
const systemStatusReplySchema = systemStatusSchema.extend({ services: z.array(serviceStatusSchema.extend({ name: z.enum(SERVICE_NAMES) })) });

/** The reply: the domain's SystemStatus, with the stack's service names. */
export type SystemStatus = z.infer<typeof systemStatusReplySchema>;

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
      responds: { status: 200, description: 'The status of the whole system', schema: systemStatusReplySchema },
      handler: (_req, res) => status(res),
    },
  ];
}
