/**
 * What the PostgreSQL event store's commit ordering costs: 1-event appends from many concurrent clients
 * through the adapter, against plain INSERTs of the same rows into an identical table of the same
 * database in the same run. Loopback only; bounded in time and in operations; drops what it created.
 *
 *   npx tsx bench/eventstore-append.ts [seconds per phase = 10] [clients = 50]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadEnv } from '../platform/src/config';
import { PostgresEventStore, type NewEvent } from '../platform/src/eventstore';

const MAX_OPERATIONS_PER_PHASE = 1_000_000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

interface PhaseResult {
  name: string;
  operations: number;
  failures: number;
  seconds: number;
  latenciesMs: number[];
}

/** One client's work: append the next event of its own stream; returns when done. */
type Operation = (event: NewEvent, streamId: string, revision: number) => Promise<void>;

async function main(): Promise<void> {
  const seconds = positiveNumber(process.argv[2], 10);
  const clients = positiveNumber(process.argv[3], 50);
  const { POSTGRES_URL } = loadEnv(process.env, { jwtSecret: false });
  assertLoopback(POSTGRES_URL);

  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const store = new PostgresEventStore({ connectionString: POSTGRES_URL, schema, poolSize: clients });
  const baselinePool = new pg.Pool({ connectionString: POSTGRES_URL, max: clients });
  try {
    await store.migrate();
    await createBaselineTable(baselinePool, schema);
    console.log(`1-event appends, ${clients} concurrent clients, ${seconds} s per phase, PostgreSQL at ${new URL(POSTGRES_URL).host}`);
    const baseline = await runPhase('plain INSERT (baseline)', clients, seconds, insertInto(baselinePool, schema));
    const appends = await runPhase('event store append', clients, seconds, async (event, streamId, revision) => {
      await store.append(streamId, [event], revision === 0 ? 'no_stream' : revision - 1);
    });
    printTable([baseline, appends]);
  } finally {
    await store.close();
    await baselinePool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await baselinePool.end();
  }
}

async function createBaselineTable(pool: pg.Pool, schema: string): Promise<void> {
  await pool.query(`
    CREATE TABLE "${schema}".baseline_events (
      position        bigserial   PRIMARY KEY,
      event_id        uuid        NOT NULL UNIQUE,
      stream_id       text        NOT NULL,
      stream_revision bigint      NOT NULL,
      type            text        NOT NULL,
      schema_version  integer     NOT NULL,
      data            jsonb       NOT NULL,
      metadata        jsonb       NOT NULL,
      recorded_at     timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, stream_revision)
    )`);
}

function insertInto(pool: pg.Pool, schema: string): Operation {
  return async (event, streamId, revision) => {
    await pool.query(
      `INSERT INTO "${schema}".baseline_events (event_id, stream_id, stream_revision, type, schema_version, data, metadata)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [event.eventId, streamId, revision, event.type, event.schemaVersion, JSON.stringify(event.data), JSON.stringify(event.metadata)],
    );
  };
}

async function runPhase(name: string, clients: number, seconds: number, operation: Operation): Promise<PhaseResult> {
  const latenciesMs: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1_000;
  const client = async () => {
    const streamId = `job-${randomUUID()}`;
    for (let revision = 0; performance.now() < deadline && latenciesMs.length < MAX_OPERATIONS_PER_PHASE; revision += 1) {
      const before = performance.now();
      try {
        await operation(sampleEvent(), streamId, revision);
        latenciesMs.push(performance.now() - before);
      } catch (error) {
        failures += 1;
        if (failures === 1) console.error(`${name}: first failure`, error);
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { name, operations: latenciesMs.length, failures, seconds: (performance.now() - started) / 1_000, latenciesMs };
}

function sampleEvent(): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'JobPosted',
    schemaVersion: 1,
    data: {
      title: 'Graduate Analyst',
      company: 'Acme Analytics',
      location: 'Bengaluru',
      offerType: 'full-time',
      ctcLakhs: 12.5,
      eligibleBranches: ['CSE', 'ECE', 'EEE'],
      deadline: '2026-09-30T18:00:00.000Z',
    },
    metadata: {
      actorId: randomUUID(),
      actorRole: 'admin',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

function printTable(results: PhaseResult[]): void {
  const rows = results.map((result) => {
    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    return [
      result.name,
      String(result.operations),
      (result.operations / result.seconds).toFixed(0),
      percentile(sorted, 0.5).toFixed(2),
      percentile(sorted, 0.99).toFixed(2),
      String(result.failures),
    ];
  });
  const header = ['phase', 'ops', 'ops/s', 'p50 ms', 'p99 ms', 'failed'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

function positiveNumber(raw: string | undefined, fallback: number): number {
  const value = Number(raw ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`Expected a positive number, got ${raw}`);
  return value;
}

function assertLoopback(connectionString: string): void {
  const host = new URL(connectionString).hostname;
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`Refusing to benchmark a non-loopback PostgreSQL (${host})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
