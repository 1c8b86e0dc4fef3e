import { consumerGroupLag, notifierConsumerGroups, placementTopics, SERVICE_NAMES, within, type ConsumerGroupLag, type Env, type Kafka, type ServiceName } from '@placement/platform';
import { projectionLags, type ProjectionLag } from './prometheus';

/** How long the status page waits for any one service, and for Kafka. */
export const PROBE_TIMEOUT_MS = 2000;
export const KAFKA_TIMEOUT_MS = 5000;

/** The variable that names each service's base URL. */
export const SERVICE_URL_VARIABLES = {
  'command-api': 'COMMAND_API_URL',
  'query-api': 'QUERY_API_URL',
  'ats-engine': 'ATS_ENGINE_URL',
  projectors: 'PROJECTORS_URL',
  notifier: 'NOTIFIER_URL',
} as const satisfies Record<ServiceName, keyof Env>;

export const serviceUrl = (env: Env, service: ServiceName): string => env[SERVICE_URL_VARIABLES[service]].replace(/\/+$/, '');

export interface ServiceProbe {
  name: ServiceName;
  url: string;
  /** /health answered 200: the process is up. */
  healthy: boolean;
  /** /ready answered 200: every dependency of the service answers. */
  ready: boolean;
  uptimeSeconds: number | null;
  /** The readiness report: each dependency and 'ok' or its problem. */
  checks: Record<string, string>;
  /** Why the service is not healthy or not ready, when it is not. */
  error: string | null;
}

export class ProbeError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A short reason for a failed call: the socket error's code (ECONNREFUSED), the timeout, or the message.
 * Duck-typed: fetch's errors may come from another realm than this module's Error.
 */
export function reasonOf(error: unknown, timeoutMs: number): string {
  const failure = isRecord(error) ? error : {};
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = isRecord(failure.cause) ? failure.cause : {};
  if (typeof cause.code === 'string') return cause.code;
  if (typeof failure.message === 'string' && failure.message !== '') return failure.message;
  return String(error);
}

async function fetchWithin(url: string, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProbeError(reasonOf(error, timeoutMs));
  }
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

const checksOf = (body: unknown): Record<string, string> =>
  isRecord(body) && isRecord(body.checks) ? Object.fromEntries(Object.entries(body.checks).map(([name, value]) => [name, String(value)])) : {};

/** The first check that is not 'ok', as 'name: problem'. */
const failedCheck = (checks: Record<string, string>): string | undefined => {
  const failed = Object.entries(checks).find(([, value]) => value !== 'ok');
  return failed ? `${failed[0]}: ${failed[1]}` : undefined;
};

/** Asks one service's /health and /ready at once. */
export async function probeService(name: ServiceName, url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<ServiceProbe> {
  const [health, ready] = await Promise.allSettled([fetchWithin(`${url}/health`, timeoutMs), fetchWithin(`${url}/ready`, timeoutMs)]);
  const healthBody = health.status === 'fulfilled' ? await jsonOf(health.value) : undefined;
  const readyBody = ready.status === 'fulfilled' ? await jsonOf(ready.value) : undefined;
  const healthy = health.status === 'fulfilled' && health.value.status === 200;
  const isReady = ready.status === 'fulfilled' && ready.value.status === 200;
  const checks = checksOf(readyBody);
  let error: string | null = null;
  if (health.status === 'rejected') error = (health.reason as Error).message;
  else if (!healthy) error = `/health answered ${health.value.status}`;
  else if (ready.status === 'rejected') error = (ready.reason as Error).message;
  else if (!isReady) error = failedCheck(checks) ?? `/ready answered ${ready.value.status}`;
  const uptime = isRecord(healthBody) && typeof healthBody.uptimeSeconds === 'number' ? healthBody.uptimeSeconds : null;
  return { name, url, healthy, ready: isReady, uptimeSeconds: uptime, checks, error };
}

export function probeServices(env: Env, timeoutMs = PROBE_TIMEOUT_MS): Promise<ServiceProbe[]> {
  return Promise.all(SERVICE_NAMES.map((name) => probeService(name, serviceUrl(env, name), timeoutMs)));
}

/** Projection lag from the projectors' /metrics. */
export async function readProjectionLags(projectorsUrl: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProjectionLag[]> {
  const response = await fetchWithin(`${projectorsUrl}/metrics`, timeoutMs);
  if (response.status !== 200) throw new ProbeError(`/metrics answered ${response.status}`);
  return projectionLags(await response.text());
}

/** The lag of each of the notifier's consumer groups: committed offsets against each partition's end. */
export async function notifierLag(kafka: Kafka, topicPrefix: string, timeoutMs = KAFKA_TIMEOUT_MS): Promise<ConsumerGroupLag[]> {
  const admin = kafka.admin({ retry: { retries: 1, initialRetryTime: 200 } });
  const work = (async () => {
    await admin.connect();
    try {
      return await Promise.all(Object.values(notifierConsumerGroups(placementTopics(topicPrefix), topicPrefix)).map((group) => consumerGroupLag(admin, group)));
    } finally {
      await admin.disconnect();
    }
  })();
  try {
    return await within(work, timeoutMs, () => new ProbeError(`Kafka: no answer within ${timeoutMs} ms`));
  } catch (error) {
    if (error instanceof ProbeError) throw error;
    throw new ProbeError(`Kafka: ${reasonOf(error, timeoutMs)}`);
  }
}
