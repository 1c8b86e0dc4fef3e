import { connectMongo, createEventStore, createLogger, loadEnv, ObjectStore, pingMongo, runService, servicePort } from '@placement/platform';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('query-api', env.LOG_LEVEL);
  const eventStore = await createEventStore(env);
  const mongo = await connectMongo(env);
  const files = new ObjectStore(env);
  return {
    name: 'query-api',
    port: servicePort(env, 'query-api'),
    host: '0.0.0.0',
    logger,
    readiness: [
      { name: 'read-models', check: () => pingMongo(mongo.db) },
      { name: 'event-store', check: () => eventStore.headPosition() },
      { name: 'object-store', check: () => files.ping() },
    ],
    close: async () => {
      files.close();
      await mongo.close();
      await eventStore.close();
    },
  };
});
