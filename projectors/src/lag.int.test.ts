import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { connectMongo, createLogger, isolatedPostgresStore, loadEnv } from '@placement/platform';
import type { Projection } from './projection';
import { registerLagMetrics } from './lag';
import { ProjectionRunner } from './runner';

describe('projection lag metrics', () => {
  it('reports events and seconds behind the head of the log, then zero once caught up', async () => {
    const env = loadEnv();
    const { store, dispose } = await isolatedPostgresStore(env.POSTGRES_URL);
    const mongo = await connectMongo(env);
    const name = `lag-test-${randomUUID().slice(0, 8)}`;
    const projection: Projection = { name, collections: [], indexes: {}, apply: () => [] };
    const runner = new ProjectionRunner(projection, store, mongo.db, createLogger('lag-test', 'silent'));
    const registry = new Registry();
    registerLagMetrics(registry, store, [runner]);
    try {
      for (let i = 0; i < 3; i++) {
        await store.append(`job-${i}`, [{ eventId: randomUUID(), type: 'Tick', schemaVersion: 1, data: {}, metadata: { actorId: null, actorRole: 'system', correlationId: 'lag', causationId: null, occurredAt: new Date(Date.now() - 5000).toISOString() } }], 'no_stream');
      }
      const before = await registry.getSingleMetricAsString('projection_lag_events');
      expect(before).toContain(`projection_lag_events{projection="${name}"} 3`);
      // The oldest event not applied happened five seconds ago.
      const secondsBefore = Number(/projection_lag_seconds\{projection="[^"]+"\} (\S+)/.exec(await registry.getSingleMetricAsString('projection_lag_seconds'))?.[1]);
      expect(secondsBefore).toBeGreaterThanOrEqual(5);

      // One scrape, as /metrics makes it: every gauge is of this reading, none of an earlier one.
      const scrape = await registry.metrics();
      expect(scrape).toContain(`projection_position{projection="${name}"} 0`);
      expect(Number(new RegExp(`projection_lag_seconds\\{projection="${name}"\\} (\\S+)`).exec(scrape)?.[1])).toBeGreaterThanOrEqual(5);

      await runner.start();
      const deadline = Date.now() + 10_000;
      while (runner.progress.position < (await store.headPosition()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const caughtUp = await registry.metrics();
      expect(caughtUp).toContain(`projection_position{projection="${name}"} ${await store.headPosition()}`);
      expect(caughtUp).toContain(`projection_lag_seconds{projection="${name}"} 0`);
      expect(await registry.getSingleMetricAsString('projection_lag_events')).toContain(`projection_lag_events{projection="${name}"} 0`);
      expect(await registry.getSingleMetricAsString('projection_lag_seconds')).toContain(`projection_lag_seconds{projection="${name}"} 0`);
    } finally {
      await runner.stop();
      await mongo.db.collection('projection_checkpoints').deleteOne({ _id: name } as never);
      await mongo.close();
      await dispose();
    }
  }, 30_000);
});
