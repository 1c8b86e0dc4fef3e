import { connectMongo, createEventStore, createKafka, createLogger, loadEnv, pingKafka, pingMongo, runService, servicePort } from '@placement/platform';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('projectors', env.LOG_LEVEL);
  const eventStore = await createEventStore(env);
  const mongo = await connectMongo(env);
  const kafka = createKafka(env, logger);
  return {
    name: 'projectors',
    port: servicePort(env, 'projectors'),
    host: '0.0.0.0',
    logger,
    readiness: [
      { name: 'event-store', check: () => eventStore.headPosition() },
      { name: 'read-models', check: () => pingMongo(mongo.db) },
      { name: 'kafka', check: () => pingKafka(kafka) },
    ],
    close: async () => {
      await mongo.close();
      await eventStore.close();
    },
  };
});
