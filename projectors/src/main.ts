import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { connectMongo, createEventStore, createKafka, createLogger, Lease, LeasedWorker, leaseTiming, loadEnv, pingKafka, pingMongo, runService, servicePort } from '@placement/platform';
import { readCheckpoint } from './checkpoints';
import { registerLagMetrics, registerLeaseMetrics } from './lag';
import { ALL_PROJECTIONS } from './projections';
import { KafkaRelay, registerRelayMetrics, relaySettings } from './relay';
import { ProjectionRunner } from './runner';
import { runnerSettings } from './runner-settings';
import { SharedRebuilds } from './shared-rebuild';

runService(async () => {
  const env = loadEnv(process.env, { jwtSecret: false });
  const logger = createLogger('projectors', env.LOG_LEVEL);
  const store = await createEventStore(env);
  const mongo = await connectMongo(env, undefined, { logger });
  const kafka = createKafka(env, logger);
  const rebuilds = new SharedRebuilds(store, mongo.db);
  const runners = ALL_PROJECTIONS.map((projection) => new ProjectionRunner(projection, store, mongo.db, logger, { ...runnerSettings(), rebuilds }));
  const relay = new KafkaRelay(store, mongo.db, kafka, logger, { topicPrefix: env.KAFKA_TOPIC_PREFIX, partitions: env.KAFKA_TOPIC_PARTITIONS, ...relaySettings() });
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leased = [...runners.map((runner) => [`projection:${runner.progress.projection}`, runner] as const), ['relay', relay] as const].map(
    ([name, worker]) => new LeasedWorker(new Lease(mongo.db, name, holder, env.LEASE_TTL_MS), worker, logger, leaseTiming(env.LEASE_TTL_MS)),
  );
  return {
    name: 'projectors',
    port: servicePort(env, 'projectors'),
    host: env.HOST,
    logger,
    readiness: [
      { name: 'event-store', check: () => store.headPosition() },
      { name: 'read-models', check: () => pingMongo(mongo.db) },
      { name: 'kafka', check: () => pingKafka(kafka) },
    ],
    routes: (_app, metrics) => {
      registerLagMetrics(metrics.registry, store, runners, {
        runsHere: (projection) => leased.some((worker) => worker.name === `projection:${projection}` && worker.active),
        savedPosition: async (projection) => (await readCheckpoint(mongo.db, projection)).position,
        savedStuck: async (projection) => (await readCheckpoint(mongo.db, projection)).stuck ?? null,
      });
      registerRelayMetrics(metrics.registry, store, relay);
      registerLeaseMetrics(metrics.registry, leased);
    },
    // Each projection and the relay run in one projectors process at a time, whichever holds its lease.
    workers: leased,
    close: async () => {
      await mongo.close();
      await store.close();
    },
  };
});
