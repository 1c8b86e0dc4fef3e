import { connectMongo, createEventStore, createKafka, createLogger, loadEnv, ObjectStore, pingMongo, runService, servicePort } from '@placement/platform';
import { installQueryApi } from './app';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('query-api', env.LOG_LEVEL);
  const store = await createEventStore(env);
  const mongo = await connectMongo(env, undefined, { logger });
  const files = new ObjectStore(env);
  return {
    name: 'query-api',
    port: servicePort(env, 'query-api'),
    host: env.HOST,
    logger,
    readiness: [
      { name: 'read-models', check: () => pingMongo(mongo.db) },
      { name: 'event-store', check: () => store.headPosition() },
      { name: 'object-store', check: () => files.ping() },
    ],
    routes: (app, metrics) => installQueryApi(app, { env, db: mongo.db, store, files, kafka: createKafka(env, logger), logger, now: () => new Date() }, metrics),
    close: async () => {
      files.close();
      await mongo.close();
      await store.close();
    },
  };
});
