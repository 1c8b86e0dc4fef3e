import {
  CHECKPOINT_COLLECTION,
  commonPasswords,
  connectMongo,
  createEventStore,
  createLogger,
  DEFAULT_READ_SIDE_PACE,
  Histogram,
  holdCommandsForReadSide,
  loadEnv,
  mongoRateCounters,
  ObjectStore,
  pingMongo,
  ReadSidePace,
  runService,
  servicePort,
} from '@placement/platform';
import { installCommandApi } from './app';
import { bootstrapFirstAdminFromEnv } from './first-admin';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('command-api', env.LOG_LEVEL);
  const store = await createEventStore(env);
  const files = new ObjectStore(env);
  // Rate limits and login lockouts count in the read-model database, which every replica shares.
  const mongo = await connectMongo(env, undefined, { logger });
  const pace = new ReadSidePace(store, mongo.db.collection(CHECKPOINT_COLLECTION), {
    ...DEFAULT_READ_SIDE_PACE,
    budgetMs: env.COMMAND_READ_SIDE_BUDGET_MS,
    maxHoldMs: env.COMMAND_READ_SIDE_MAX_HOLD_MS,
  });
  const held = new Histogram({
    name: 'command_held_for_read_side_seconds',
    help: 'Commands held until the read side caught up (only those held)',
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [],
  });
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
    routes: (app, metrics) => {
      metrics.registry.registerMetric(held);
      app.use(holdCommandsForReadSide(pace, (ms) => held.observe(ms / 1000)));
      installCommandApi(app, deps);
    },
    close: async () => {
      files.close();
      await store.close();
      await mongo.close();
    },
  };
});
