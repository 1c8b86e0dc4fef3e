import { createEventStore, createLogger, loadEnv, ObjectStore, runService, servicePort } from '@placement/platform';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('command-api', env.LOG_LEVEL);
  const eventStore = await createEventStore(env);
  const files = new ObjectStore(env);
  return {
    name: 'command-api',
    port: servicePort(env, 'command-api'),
    host: '0.0.0.0',
    logger,
    readiness: [
      { name: 'event-store', check: () => eventStore.headPosition() },
      { name: 'object-store', check: () => files.ping() },
    ],
    close: async () => {
      files.close();
      await eventStore.close();
    },
  };
});
