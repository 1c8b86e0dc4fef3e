import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { afterResponseSettled } from './after-response';
import { correlationId } from './correlation';
import { errorHandler, notFoundHandler, type ProblemExtensions } from './errors';
import { createMetrics, type ServiceMetrics } from './metrics';
import { checkReadiness, type ReadinessCheck } from './readiness';
import { securityHeaders } from './security-headers';
import { trustedProxiesFromEnv, type TrustedProxies } from './client-address';

export interface ServiceDefinition {
  name: string;
  port: number;
  host?: string;
  logger: Logger;
  readiness: ReadinessCheck[];
  /** Adds the service's own routes (after health, readiness and metrics). */
  routes?: (app: Express, metrics: ServiceMetrics) => void;
  /** Background work that runs beside the HTTP server (consumers, projection runners). */
  workers?: { start: () => Promise<void>; stop: () => Promise<void> }[];
  /** Closes the service's adapters once HTTP and workers have stopped. */
  close?: () => Promise<void>;
  /** How long in-flight requests may take to finish on shutdown. */
  drainTimeoutMs?: number;
  /** Whose X-Forwarded-For names the client (default: TRUSTED_PROXIES, else this machine's loopback). */
  trustedProxies?: TrustedProxies;
  /** Members of the service's own in every problem reply (the ATS engine's `{ success: false, error }`). */
  problemExtensions?: ProblemExtensions;
}

export interface RunningService {
  app: Express;
  server: Server;
  port: number;
  url: string;
  stop: () => Promise<void>;
}

export function buildApp(definition: ServiceDefinition): { app: Express; metrics: ServiceMetrics; proxies: TrustedProxies } {
  const app = express();
  const metrics = createMetrics(definition.name);
  const proxies = definition.trustedProxies ?? trustedProxiesFromEnv();
  app.disable('x-powered-by');
  // req.ip is the peer unless the peer is the gateway; then it is the address the gateway saw.
  app.set('trust proxy', (address: string) => proxies.trusts(address));
  app.use(correlationId);
  app.use((_req, res, next) => {
    res.setHeader('X-Served-By', definition.name);
    next();
  });
  app.use(securityHeaders);
  app.use(
    pinoHttp({
      logger: definition.logger,
      genReqId: (_req, res) => String(res.getHeader('X-Correlation-Id')),
      autoLogging: { ignore: (req) => ['/health', '/ready', '/metrics'].includes(req.url ?? '') },
    }),
  );
  app.use(metrics.middleware);
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: definition.name, uptimeSeconds: Math.round(process.uptime()) });
  });
  app.get('/ready', async (_req, res) => {
    const report = await checkReadiness(definition.readiness);
    res.status(report.ready ? 200 : 503).json({ status: report.ready ? 'ready' : 'not ready', service: definition.name, checks: report.checks });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  definition.routes?.(app, metrics);
  app.use(notFoundHandler);
  app.use(errorHandler(definition.logger, definition.problemExtensions));
  return { app, metrics, proxies };
}

const listen = (app: Express, port: number, host: string) =>
  new Promise<Server>((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
  });

/**
 * Node's process warnings go through the JSON logger like everything else. kafkajs computes negative
 * timeouts that Node 24 clamps and warns about (TimeoutNegativeWarning; the idle loop behind most of
 * them is stopped by kafka/idle-timer.ts): harmless, logged at debug.
 */
function logProcessWarnings(logger: Logger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    const level = warning.name === 'TimeoutNegativeWarning' ? 'debug' : 'warn';
    logger[level]({ warning: warning.name }, warning.message);
  });
}

/**
 * A promise nobody awaited that failed, or an exception nothing caught, is logged as one JSON line
 * (with the correlation id of the request or event it belongs to, when there is one) before the
 * process exits as Node would: its state is unknown, and its supervisor starts a fresh one.
 */
function logProcessFailures(logger: Logger): void {
  const fatal = (what: string) => (error: unknown) => {
    logger.fatal({ err: error }, `${what}; exiting`);
    process.exit(1);
  };
  process.removeAllListeners('unhandledRejection');
  process.on('unhandledRejection', fatal('unhandled promise rejection'));
  process.removeAllListeners('uncaughtException');
  process.on('uncaughtException', fatal('uncaught exception'));
}

/** Starts the HTTP server and the workers; `stop` drains requests, stops workers, closes adapters. */
export async function startService(definition: ServiceDefinition): Promise<RunningService> {
  logProcessWarnings(definition.logger);
  const { app, proxies } = buildApp(definition);
  await proxies.ready;
  const host = definition.host ?? '127.0.0.1';
  const server = await listen(app, definition.port, host);
  const port = (server.address() as AddressInfo).port;
  for (const worker of definition.workers ?? []) await worker.start();
  definition.logger.info({ port, host }, `${definition.name} listening`);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forceClose = setTimeout(() => server.closeAllConnections(), definition.drainTimeoutMs ?? 10_000);
      await drained;
      clearTimeout(forceClose);
      proxies.close();
      for (const worker of [...(definition.workers ?? [])].reverse()) await worker.stop();
      await afterResponseSettled(definition.drainTimeoutMs ?? 10_000);
      await definition.close?.();
      definition.logger.info(`${definition.name} stopped`);
    })();
    return stopping;
  };
  return { app, server, port, url: `http://${host}:${port}`, stop };
}

/**
 * For a service's main: start, and stop cleanly on SIGTERM or SIGINT; exit non-zero if start fails.
 * A signal during start-up (workers joining consumer groups take seconds) waits for the start to
 * finish and then stops, so half-started workers are stopped too.
 */
export function runService(definition: () => Promise<ServiceDefinition>): void {
  const started: Promise<RunningService> = definition()
    .then((built) => {
      logProcessFailures(built.logger);
      return startService(built);
    })
    .catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'fatal', msg: 'service failed to start', error: String(error) }));
      process.exit(1);
    });
  const shutdown = (signal: string) => {
    started
      .then((running) => running.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`shutdown after ${signal} failed`, error);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
