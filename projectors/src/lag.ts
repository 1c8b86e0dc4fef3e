import { Counter, Gauge, type Registry } from 'prom-client';
import type { EventStore, LeasedWorker } from '@placement/platform';
import type { ProjectionRunner } from './runner';

/**
 * Seconds since the oldest event a projection has not applied yet happened. (The age of the last
 * applied event would say nothing useful: after a quiet hour it is an hour, however fresh the backlog.)
 */
async function ageOfNextEvent(store: EventStore, position: number): Promise<number> {
  const [next] = await store.readAll({ fromPosition: position, maxCount: 1 });
  return next ? Math.max(0, (Date.now() - Date.parse(next.metadata.occurredAt)) / 1000) : 0;
}

/**
 * Whether a projection runs in this process (it holds the projection's lease) and, for one that runs in
 * another, its saved position: every replica reports the same lag, whichever one is asked.
 */
export interface RunElsewhere {
  runsHere: (projection: string) => boolean;
  savedPosition: (projection: string) => Promise<number>;
}
const RUN_HERE: RunElsewhere = { runsHere: () => true, savedPosition: async () => 0 };

/**
 * Projection lag on /metrics: events behind the head of the log, and seconds behind; and whether a
 * projection is stuck at an event it cannot apply (which, its type, the last error, the tries so far),
 * the tries repeated and the events skipped by an admin.
 */
export function registerLagMetrics(registry: Registry, store: EventStore, runners: ProjectionRunner[], elsewhere: RunElsewhere = RUN_HERE): void {
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
        const { projection } = runner.progress;
        const at = elsewhere.runsHere(projection) ? runner.progress.position : await elsewhere.savedPosition(projection);
        const behind = Math.max(0, head - at);
        this.set({ projection }, behind);
        position.set({ projection }, at);
        secondsBehind.set({ projection }, behind === 0 ? 0 : await ageOfNextEvent(store, at));
      }
    },
  });
  for (const metric of [eventsBehind, position, secondsBehind]) registry.registerMetric(metric);
  registerStuckMetrics(registry, runners);
}

/** Whether each projection is stuck at an event it cannot apply, its tries repeated and its events skipped. */
function registerStuckMetrics(registry: Registry, runners: ProjectionRunner[]): void {
  const registers: Registry[] = [];
  const labelNames = ['projection'] as const;
  const stuck = new Gauge({ name: 'projection_stuck', help: '1 while the projection keeps failing to apply one event (it does not move past it), else 0', labelNames, registers });
  const stuckPosition = new Gauge({ name: 'projection_stuck_position', help: 'Global position of the event the projection is stuck at (0 when not stuck)', labelNames, registers });
  const stuckAttempts = new Gauge({ name: 'projection_stuck_attempts', help: 'Failed tries of the event the projection is stuck at (0 when not stuck)', labelNames, registers });
  const stuckEvent = new Gauge({
    name: 'projection_stuck_event',
    help: 'The event a projection is stuck at: 1, labelled with its position, type and the last error (no sample when not stuck)',
    labelNames: ['projection', 'position', 'type', 'error'] as const,
    registers,
  });
  const retries = new Counter({ name: 'projection_apply_retries_total', help: 'Tries of an event repeated after it failed to apply', labelNames, registers });
  const skipped = new Counter({ name: 'projection_events_skipped_total', help: "Events a projection moved past without applying them, by an admin's recorded skip", labelNames, registers });
  // Registered first of these, so that its collect() refreshes the others from the runners before any is read.
  const stuckSeconds = new Gauge({
    name: 'projection_stuck_seconds',
    help: 'Seconds since the first failed try of the event the projection is stuck at (0 when not stuck)',
    labelNames,
    registers,
    collect() {
      stuckEvent.reset();
      retries.reset();
      skipped.reset();
      for (const runner of runners) {
        const { projection, stuck: at, retries: retried, skipped: skips } = runner.progress;
        this.set({ projection }, at ? Math.max(0, (Date.now() - Date.parse(at.since)) / 1000) : 0);
        stuck.set({ projection }, at ? 1 : 0);
        stuckPosition.set({ projection }, at?.position ?? 0);
        stuckAttempts.set({ projection }, at?.attempts ?? 0);
        if (at) stuckEvent.set({ projection, position: String(at.position), type: at.eventType, error: at.error }, 1);
        retries.inc({ projection }, retried);
        skipped.inc({ projection }, skips);
      }
    },
  });
  for (const metric of [stuckSeconds, stuck, stuckPosition, stuckAttempts, stuckEvent, retries, skipped]) registry.registerMetric(metric);
}

/** Which of the leased workers (each projection, the relay) this process runs now. */
export function registerLeaseMetrics(registry: Registry, workers: readonly LeasedWorker[]): void {
  registry.registerMetric(
    new Gauge({
      name: 'projectors_lease_held',
      help: '1 while this process holds the lease of the work (a projection or the relay) and runs it, else 0',
      labelNames: ['work'],
      collect() {
        for (const worker of workers) this.set({ work: worker.name }, worker.active ? 1 : 0);
      },
    }),
  );
}
