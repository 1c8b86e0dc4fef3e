import { randomUUID } from 'node:crypto';
import {
  connectMongo,
  createEventStore,
  createKafka,
  createLogger,
  createMailTransport,
  ObjectStore,
  pingKafka,
  pingMongo,
  pingSmtp,
  servicePort,
  type Env,
  type ServiceDefinition,
} from '@placement/platform';
import { createNotifier, type Notifier } from './notifier';
import type { NotifierSettings } from './settings';

/** The notifier service: its adapters, the notifier as a worker, readiness, dead-letter routes and metrics. */
export async function notifierService(env: Env & { JWT_SECRET: string }, settings: NotifierSettings, options: { port?: number } = {}): Promise<ServiceDefinition & { notifier: Notifier }> {
  const logger = createLogger('notifier', env.LOG_LEVEL);
  const store = await createEventStore(env);
  const mongo = await connectMongo(env, undefined, { logger });
  const kafka = createKafka(env, logger);
  const transport = createMailTransport(env);
  const files = new ObjectStore(env);
  const instanceId = `notifier-${process.pid}-${randomUUID().slice(0, 8)}`;
  const notifier = createNotifier({ env, settings, store, db: mongo.db, kafka, transport, files, logger, instanceId });
  return {
    notifier,
    name: 'notifier',
    port: options.port ?? servicePort(env, 'notifier'),
    host: env.HOST,
    logger,
    readiness: [
      { name: 'kafka', check: () => pingKafka(kafka) },
      { name: 'smtp', check: () => pingSmtp(transport) },
      { name: 'mongo', check: () => pingMongo(mongo.db) },
      { name: 'event-store', check: () => store.headPosition() },
    ],
    routes: (app, metrics) => notifier.routes(app, metrics),
    workers: [{ start: () => notifier.start(), stop: () => notifier.stop() }],
    close: async () => {
      transport.close();
      files.close();
      await mongo.close();
      await store.close();
    },
  };
}
