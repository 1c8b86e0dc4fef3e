import type { RequestHandler } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** For services' own metrics on their registry. */
export { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** One registry per service: process metrics, HTTP timings, and whatever the service adds. */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const requestErrors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP responses with status 500 or above',
    labelNames: ['method', 'route'],
    registers: [registry],
  });

  const middleware: RequestHandler = (req, res, next) => {
    const stop = requestDuration.startTimer({ method: req.method });
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      stop({ route, status: String(res.statusCode) });
      if (res.statusCode >= 500) requestErrors.inc({ method: req.method, route });
    });
    next();
  };
  return { registry, middleware };
}

export type ServiceMetrics = ReturnType<typeof createMetrics>;
