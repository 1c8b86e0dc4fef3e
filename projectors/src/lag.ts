import { Gauge, type Registry } from 'prom-client';
import type { EventStore } from '@placement/platform';
import type { ProjectionRunner } from './runner';

/** Projection lag on /metrics: events behind the head of the log, and seconds behind. */
export function registerLagMetrics(registry: Registry, store: EventStore, runners: ProjectionRunner[]): void {
  const position = new Gauge({ name: 'projection_position', help: 'Global position of the last applied event', labelNames: ['projection'] });
  const secondsBehind = new Gauge({ name: 'projection_lag_seconds', help: 'Age of the oldest event not yet applied (0 when caught up)', labelNames: ['projection'] });
  // Registered first, so that its collect() refreshes all three before any is read.
  const eventsBehind = new Gauge({
    name: 'projection_lag_events',
    help: 'Events appended but not yet applied',
    labelNames: ['projection'],
    async collect() {
      const head = await store.headPosition();
      for (const runner of runners) {
        const progress = runner.progress;
        const behind = Math.max(0, head - progress.position);
        this.set({ projection: progress.projection }, behind);
        position.set({ projection: progress.projection }, progress.position);
        const lastApplied = progress.lastEventAt ? Date.parse(progress.lastEventAt) : Date.now();
        secondsBehind.set({ projection: progress.projection }, behind === 0 ? 0 : Math.max(0, (Date.now() - lastApplied) / 1000));
      }
    },
  });
  for (const metric of [eventsBehind, position, secondsBehind]) registry.registerMetric(metric);
}
