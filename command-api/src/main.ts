import { createEventStore, createLogger, loadEnv, ObjectStore, runService, servicePort } from '@placement/platform';
import { installCommandApi } from './app';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('command-api', env.LOG_LEVEL);
  const store = await createEventStore(env);
  const files = new ObjectStore(env);
  return {
    name: 'command-api',
    port: servicePort(env, 'command-api'),
    host: '0.0.0.0',
    logger,
    readiness: [
      { name: 'event-store', check: () => store.headPosition() },
      { name: 'object-store', check: () => files.ping() },
    ],
    routes: (app) => installCommandApi(app, { env, store, files, logger, now: () => new Date() }),
    close: async () => {
      files.close();
      await store.close();
    },
  };
});
