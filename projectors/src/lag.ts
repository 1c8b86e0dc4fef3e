import { Counter, Gauge, type Registry } from 'prom-client';
import type { EventStore, LeasedWorker } from '@placement/platform';
import type { ProjectionRunner } from './runner';
import type { StuckEvent } from './stuck';

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
  /** The event the projection is stuck at as its runner saved it beside the checkpoint, or null. */
  savedStuck?: (projection: string) => Promise<StuckEvent | null>;
}
const RUN_HERE: RunElsewhere = { runsHere: () => true, savedPosition: async () => 0 };

/** One reading for all the callers that ask while it is under way: the metrics of one scrape. */
function sharedPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= read().finally(() => {
      pending = undefined;
    }));
}

/**
 * Projection lag on /metrics: events behind the head of the log, and seconds behind; and whether a
 * projection is stuck at an event it cannot apply (which, its type, the last error, the tries so far),
 * the tries repeated and the events skipped by an admin.
 */
export function registerLagMetrics(registry: Registry, store: EventStore, runners: ProjectionRunner[], elsewhere: RunElsewhere = RUN_HERE): void {
  // Registered with `registry` only (below), not also with prom-client's global one. A scrape collects
  // every metric at once, so each of the three waits for the one reading they share.
  const readings = sharedPerScrape(async () => {
    const head = await store.headPosition();
    return Promise.all(
      runners.map(async (runner) => {
        const { projection } = runner.progress;
        const at = elsewhere.runsHere(projection) ? runner.progress.position : await elsewhere.savedPosition(projection);
        const behind = Math.max(0, head - at);
        return { projection, at, behind, seconds: behind === 0 ? 0 : await ageOfNextEvent(store, at) };
      }),
    );
  });
  const gauge = (name: string, help: string, value: (reading: Awaited<ReturnType<typeof readings>>[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'],
      registers: [],
      async collect() {
        for (const reading of await readings()) this.set({ projection: reading.projection }, value(reading));
      },
    });
  const eventsBehind = gauge('projection_lag_events', 'Events appended but not yet applied', (reading) => reading.behind);
  const position = gauge('projection_position', 'Global position of the last applied event', (reading) => reading.at);
  const secondsBehind = gauge('projection_lag_seconds', 'Age of the oldest event not yet applied (0 when caught up)', (reading) => reading.seconds);
  for (const metric of [eventsBehind, position, secondsBehind]) registry.registerMetric(metric);
  registerStuckMetrics(registry, runners, elsewhere);
}

interface StuckReading {
  projection: string;
  stuck: StuckEvent | null;
  retries: number;
  skipped: number;
}

/**
 * Whether each projection is stuck at an event it cannot apply (read from its runner here, or as the
 * runner of another process saved it), its tries repeated and its events skipped (this process's).
 * Every metric reads one reading per scrape (registry.metrics() collects all metrics at once).
 */
function registerStuckMetrics(registry: Registry, runners: ProjectionRunner[], elsewhere: RunElsewhere): void {
  let cached: Promise<StuckReading[]> | undefined;
  const read = async (): Promise<StuckReading[]> =>
    Promise.all(
      runners.map(async (runner) => {
        const { projection, stuck, retries, skipped } = runner.progress;
        const saved = elsewhere.runsHere(projection) ? stuck : ((await elsewhere.savedStuck?.(projection).catch(() => null)) ?? null);
        return { projection, stuck: saved, retries, skipped };
      }),
    );
  // One scrape calls every collect() in the same tick: they share one reading, forgotten right after.
  const readings = () => {
    if (!cached) {
      cached = read();
      setImmediate(() => (cached = undefined));
    }
    return cached;
  };
  const labelNames = ['projection'] as const;
  const gauge = (name: string, help: string, value: (reading: StuckReading) => number) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [],
      async collect() {
        for (const reading of await readings()) this.set({ projection: reading.projection }, value(reading));
      },
    });
  const counter = (name: string, help: string, value: (reading: StuckReading) => number) =>
    new Counter({
      name,
      help,
      labelNames,
      registers: [],
      async collect() {
        const all = await readings();
        this.reset();
        for (const reading of all) this.inc({ projection: reading.projection }, value(reading));
      },
    });
  const metrics = [
    gauge('projection_stuck', '1 while the projection keeps failing to apply one event (it does not move past it), else 0', (reading) => (reading.stuck ? 1 : 0)),
    gauge('projection_stuck_position', 'Global position of the event the projection is stuck at (0 when not stuck)', (reading) => reading.stuck?.position ?? 0),
    gauge('projection_stuck_attempts', 'Failed tries of the event the projection is stuck at (0 when not stuck)', (reading) => reading.stuck?.attempts ?? 0),
    gauge('projection_stuck_seconds', 'Seconds since the first failed try of the event the projection is stuck at (0 when not stuck)', (reading) =>
      reading.stuck ? Math.max(0, (Date.now() - Date.parse(reading.stuck.since)) / 1000) : 0,
    ),
    new Gauge({
      name: 'projection_stuck_event',
      help: 'The event a projection is stuck at: 1, labelled with its position, type and the last error (no sample when not stuck)',
      labelNames: ['projection', 'position', 'type', 'error'] as const,
      registers: [],
      async collect() {
        const all = await readings();
        this.reset();
        for (const { projection, stuck } of all) if (stuck) this.set({ projection, position: String(stuck.position), type: stuck.eventType, error: stuck.error }, 1);
      },
    }),
    counter('projection_apply_retries_total', 'Tries of an event repeated after it failed to apply (in this process)', (reading) => reading.retries),
    counter('projection_events_skipped_total', "Events a projection moved past without applying them, by an admin's recorded skip (in this process)", (reading) => reading.skipped),
  ];
  for (const metric of metrics) registry.registerMetric(metric);
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
