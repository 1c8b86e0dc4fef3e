import { commonPasswords, connectMongo, createEventStore, createLogger, loadEnv, mongoRateCounters, ObjectStore, pingMongo, runService, servicePort } from '@placement/platform';
import { installCommandApi } from './app';
import { bootstrapFirstAdminFromEnv } from './first-admin';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('command-api', env.LOG_LEVEL);
  const store = await createEventStore(env);
  const files = new ObjectStore(env);
  // Rate limits and login lockouts count in the read-model database, which every replica shares.
  const mongo = await connectMongo(env);
  const deps = { env, store, files, logger, now: () => new Date(), commonPasswords: await commonPasswords(), rateCounters: mongoRateCounters(mongo.db) };
  // The first admin of a deployment (BOOTSTRAP_ADMIN_*), before the service answers: settled once for every replica.
  await bootstrapFirstAdminFromEnv(deps, env);
  return {
    name: 'command-api',
    port: servicePort(env, 'command-api'),
    host: env.HOST,
    logger,
    readiness: [
      { name: 'event-store', check: () => store.headPosition() },
      { name: 'object-store', check: () => files.ping() },
      { name: 'rate-limit-store', check: () => pingMongo(mongo.db) },
    ],
    routes: (app) => installCommandApi(app, deps),
    close: async () => {
      files.close();
      await store.close();
      await mongo.close();
    },
  };
});
