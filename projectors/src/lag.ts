import { Gauge, type Registry } from 'prom-client';
import type { EventStore } from '@placement/platform';
import type { ProjectionRunner } from './runner';

/**
 * Seconds since the oldest event a projection has not applied yet happened. (The age of the last
 * applied event would say nothing useful: after a quiet hour it is an hour, however fresh the backlog.)
 */
async function ageOfNextEvent(store: EventStore, position: number): Promise<number> {
  const [next] = await store.readAll({ fromPosition: position, maxCount: 1 });
  return next ? Math.max(0, (Date.now() - Date.parse(next.metadata.occurredAt)) / 1000) : 0;
}

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
        secondsBehind.set({ projection: progress.projection }, behind === 0 ? 0 : await ageOfNextEvent(store, progress.position));
      }
    },
  });
  for (const metric of [eventsBehind, position, secondsBehind]) registry.registerMetric(metric);
}
