import { connectMongo, createEventStore, createKafka, createLogger, loadEnv, pingKafka, pingMongo, runService, servicePort } from '@placement/platform';
import { registerLagMetrics } from './lag';
import { ALL_PROJECTIONS } from './projections';
import { KafkaRelay, registerRelayMetrics, relaySettings } from './relay';
import { ProjectionRunner } from './runner';

runService(async () => {
  const env = loadEnv(process.env, { jwtSecret: false });
  const logger = createLogger('projectors', env.LOG_LEVEL);
  const store = await createEventStore(env);
  const mongo = await connectMongo(env);
  const kafka = createKafka(env, logger);
  const runners = ALL_PROJECTIONS.map((projection) => new ProjectionRunner(projection, store, mongo.db, logger));
  const relay = new KafkaRelay(store, mongo.db, kafka, logger, { topicPrefix: env.KAFKA_TOPIC_PREFIX, partitions: env.KAFKA_TOPIC_PARTITIONS, ...relaySettings() });
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
    routes: (_app, metrics) => {
      registerLagMetrics(metrics.registry, store, runners);
      registerRelayMetrics(metrics.registry, store, relay);
    },
    workers: [...runners, relay].map((worker) => ({ start: () => worker.start(), stop: () => worker.stop() })),
    close: async () => {
      await mongo.close();
      await store.close();
    },
  };
});
