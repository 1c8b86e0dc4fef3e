/**
 * A projectors process started far behind the log, as after a restore or a shape change of every read
 * model: on a namespace that already holds a season (a kept `bench:read-side` namespace), every
 * projection's checkpoint is moved back to 0 (the Kafka relay's stays) and a projectors process is
 * started, publishing to the namespace's own topics; the run prints, for each
 * projection, the seconds until it is at the head and the log's events per second over that time.
 * Builds of the projectors are compared in turns (the baseline is the first), each started as
 * `<build>/main.js` from inside `projectors/` so that it resolves the same packages.
 *
 *   BENCH_NAMESPACE='{"MONGODB_URL":…,"POSTGRES_SCHEMA":…}' npx tsx bench/projectors-start.ts [rounds = 2] [builds = dist]
 *   e.g. builds `dist-before,dist` after copying an older `projectors/dist` to `projectors/dist-before`
 *   (needs `npm start`'s stack; the namespace's read models are rebuilt by every start)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { RELAY_CHECKPOINT } from '../projectors/src/relay/relay';
import { freePort, repoRoot, waitForStatus } from '../tests/support/processes';
import { assertLoopback } from './lib/measure';

const LEASE_WAIT_MS = 35_000;

async function startAndFollow(build: string, env: Record<string, string>): Promise<{ reached: Record<string, number>; head: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot, 'projectors', build, 'main.js')], {
    cwd: join(repoRoot, 'projectors'),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const reached: Record<string, number> = {};
  let head = 0;
  try {
    await waitForStatus(`${url}/ready`, 200, 120_000);
    for (;;) {
      const text = await (await fetch(`${url}/metrics`)).text();
      const lags = [...text.matchAll(/^projection_lag_events\{projection="([^"]+)"[^}]*\} (\S+)$/gm)];
      for (const [, name, value] of lags) if (Number(value) === 0 && !(name! in reached)) reached[name!] = (Date.now() - started) / 1000;
      head = Math.max(head, ...[...text.matchAll(/^projection_position\{[^}]*\} (\S+)$/gm)].map(([, value]) => Number(value)));
      if (lags.length > 0 && lags.every(([, name]) => name! in reached)) break;
      if (Date.now() - started > 30 * 60_000) throw new Error(`${build}: not at the head after 30 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return { reached, head };
}

async function main(): Promise<void> {
  const kept = process.env.BENCH_NAMESPACE;
  if (!kept) throw new Error('BENCH_NAMESPACE is required: the namespace of a kept bench:read-side run');
  const env = JSON.parse(kept) as Record<string, string>;
  assertLoopback(env.MONGODB_URL!);
  // The namespace's own topics (a namespace kept without them would publish into the stack's topics,
  // where the stack's notifier reads every event of the namespace as its own).
  env.KAFKA_TOPIC_PREFIX ??= `${new URL(env.MONGODB_URL!).pathname.slice(1).replace(/_/g, '-')}.`;
  const rounds = Number(process.argv[2] ?? 2);
  const builds = (process.argv[3] ?? 'dist').split(',');
  const client = await MongoClient.connect(env.MONGODB_URL!);
  const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  try {
    for (let round = 1; round <= rounds; round++)
      for (const build of builds) {
        // The projections' checkpoints only: the relay's stays where it is, as after a restore of the read models.
        await client
          .db()
          .collection<{ _id: string }>('projection_checkpoints')
          .updateMany({ _id: { $ne: RELAY_CHECKPOINT } }, { $set: { position: 0, changedPosition: 0 } });
        const load = loadAverage();
        const { reached, head } = await startAndFollow(build, env);
        const figures = Object.entries(reached).map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s (${(head / seconds).toFixed(0)} events/s)`);
        console.log(`round ${round}, ${build} (load ${load} before, ${loadAverage()} after), ${head} events: ${figures.join(', ')}`);
        // The stopped process's leases expire before the next one starts, and its replaced generations go.
        await new Promise((resolve) => setTimeout(resolve, LEASE_WAIT_MS));
      }
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
