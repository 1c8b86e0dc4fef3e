import { connectMongo, createEventStore, createKafka, createLogger, loadEnv, pingKafka, pingMongo, runService, servicePort } from '@placement/platform';
import { registerLagMetrics } from './lag';
import { ALL_PROJECTIONS } from './projections';
import { ProjectionRunner } from './runner';

runService(async () => {
  const env = loadEnv();
  const logger = createLogger('projectors', env.LOG_LEVEL);
  const store = await createEventStore(env);
  const mongo = await connectMongo(env);
  const kafka = createKafka(env, logger);
  const runners = ALL_PROJECTIONS.map((projection) => new ProjectionRunner(projection, store, mongo.db, logger));
  return {
    name: 'projectors',
    port: servicePort(env, 'projectors'),
    host: '0.0.0.0',
    logger,
    readiness: [
      { name: 'event-store', check: () => store.headPosition() },
      { name: 'read-models', check: () => pingMongo(mongo.db) },
      { name: 'kafka', check: () => pingKafka(kafka) },
    ],
    routes: (_app, metrics) => registerLagMetrics(metrics.registry, store, runners),
    workers: runners.map((runner) => ({ start: () => runner.start(), stop: () => runner.stop() })),
    close: async () => {
      await mongo.close();
      await store.close();
    },
  };
});
