/**
 * `npm start` / `npm stop` / `npm run status`: the whole portal on this machine —
 * the native servers (infra/local/cli.ts), a build, every service, and where to go.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { someAdmin } from '@placement/domain';
import { readAccountDirectory } from '../../platform/src/accounts';
import { loadEnv } from '../../platform/src/config/env';
import { LOCAL_DEFAULTS, SERVICE_NAMES } from '../../platform/src/config/local-stack';
import { createEventStore } from '../../platform/src/eventstore';
import { serviceStatuses, startService, stopService } from './services';

const repoRoot = join(__dirname, '..', '..');
const say = (message: string) => console.log(`\x1b[1m[portal]\x1b[0m ${message}`);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

function frontendIsStale(): boolean {
  const built = join(repoRoot, 'frontend', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'].map((p) => join(repoRoot, 'frontend', p)).filter(existsSync);
  return Math.max(...sources.map(newestChange)) > statSync(built).mtimeMs;
}

export function build(): void {
  const started = Date.now();
  say('building services (tsc -b, incremental)…');
  run('tsc', ['-b']);
  if (frontendIsStale()) {
    say('building the frontend (vite)…');
    run('npm', ['run', 'build', '-w', 'frontend', '--silent']);
  }
  say(`build ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function startAll(): Promise<void> {
  const started = Date.now();
  // Build first: the gateway points at the freshly built frontend when it starts.
  build();
  run('tsx', ['infra/local/cli.ts', 'start']);
  for (const service of SERVICE_NAMES) {
    const t0 = Date.now();
    const outcome = await startService(service);
    say(`${service.padEnd(12)} ${outcome === 'running' ? 'already running' : `ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`}`);
  }
  say(`everything up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`
  Portal:       ${LOCAL_DEFAULTS.PUBLIC_URL}
  Mail inbox:   ${LOCAL_DEFAULTS.MAILBOX_API_URL}
  Status:       npm run status
  Stop:         npm stop
${await firstStepsHint()}`);
}

/**
 * The closing lines' advice for a portal nobody can administer yet: how to make the first admin, or
 * load the demo season.
 * Read from the event store (no read model to wait for); a check that fails says nothing.
 */
async function firstStepsHint(): Promise<string> {
  try {
    const store = await createEventStore(loadEnv(process.env, { jwtSecret: false }));
    try {
      if (someAdmin(await readAccountDirectory(store))) return '';
    } finally {
      await store.close();
    }
  } catch {
    return '';
  }
  return `
  No admin yet. Make the first one (the password is asked for):
                npm run admin -- create --email <e-mail> --name <name>
  Or try the portal on a demo season (admin, staff and student sign-ins printed at the end):
                npm run demo
`;
}

/** Rebuilds and restarts every service (the servers keep running): what a code change needs. */
async function restartServices(): Promise<void> {
  for (const service of [...SERVICE_NAMES].reverse()) await stopService(service);
  await startAll();
}

async function stopAll(): Promise<void> {
  for (const service of [...SERVICE_NAMES].reverse()) say(`${service.padEnd(12)} ${await stopService(service)}`);
  run('tsx', ['infra/local/cli.ts', 'stop']);
}

async function status(): Promise<void> {
  run('tsx', ['infra/local/cli.ts', 'status']);
  console.log('\nservice       pid      /health  /ready');
  for (const s of await serviceStatuses()) {
    console.log(`${s.service.padEnd(13)} ${String(s.pid ?? '-').padEnd(8)} ${String(s.health ?? 'down').padEnd(8)} ${s.ready ?? 'down'}`);
  }
}

const commands: Record<string, () => Promise<void> | void> = { start: startAll, restart: restartServices, stop: stopAll, status, build };

const command = process.argv[2] ?? 'start';
const action = commands[command];
if (!action) {
  console.error(`usage: portal.ts ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
Promise.resolve(action()).catch((error: unknown) => {
  console.error(`\n[portal] ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
