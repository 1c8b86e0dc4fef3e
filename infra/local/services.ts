import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_DEFAULTS, LOCAL_STACK, SERVICE_NAMES, type ServiceName } from '../../platform/src/config/local-stack';
import { ensureLocalJwtSecret } from './secrets';

const repoRoot = join(__dirname, '..', '..');
const runDir = join(repoRoot, '.local', 'services');
const logDir = join(repoRoot, '.local', 'logs');

const pidFile = (service: ServiceName) => join(runDir, `${service}.pid`);
export const serviceLog = (service: ServiceName) => join(logDir, `${service}.log`);
export const serviceUrl = (service: ServiceName) => `http://127.0.0.1:${LOCAL_STACK.services[service]}`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runningPid(service: ServiceName): number | undefined {
  if (!existsSync(pidFile(service))) return undefined;
  const pid = Number(readFileSync(pidFile(service), 'utf8'));
  return Number.isInteger(pid) && isAlive(pid) ? pid : undefined;
}

export async function probe(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.status;
  } catch {
    return undefined;
  }
}

const tail = (file: string, lines = 15) => (existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '(no log)');

async function waitUntilReady(service: ServiceName, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await probe(`${serviceUrl(service)}/ready`)) === 200) return;
    if (runningPid(service) === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${service} did not become ready; last lines of ${serviceLog(service)}:\n${tail(serviceLog(service))}`);
}

/** Settings a service gets on the local stack beyond the shared defaults; the caller's environment wins. */
const LOCAL_SERVICE_ENV: Partial<Record<ServiceName, NodeJS.ProcessEnv>> = {
  // MailDev answers by Message-ID whether it has a mail a notifier crash left in doubt.
  notifier: { NOTIFIER_DELIVERY_LOG_URL: LOCAL_DEFAULTS.MAILBOX_API_URL },
};

/** Starts one built service as a detached process with its log under .local/logs; no-op if it runs. */
export async function startService(service: ServiceName, env: NodeJS.ProcessEnv = process.env): Promise<'started' | 'running'> {
  if (runningPid(service) !== undefined) return 'running';
  mkdirSync(runDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const log = openSync(serviceLog(service), 'a');
  const child = spawn(process.execPath, [join(repoRoot, service, 'dist', 'main.js')], {
    cwd: join(repoRoot, service),
    detached: true,
    stdio: ['ignore', log, log],
    env: { JWT_SECRET_FILE: ensureLocalJwtSecret(), ...LOCAL_SERVICE_ENV[service], ...env, PORT: String(LOCAL_STACK.services[service]) },
  });
  child.unref();
  writeFileSync(pidFile(service), String(child.pid));
  await waitUntilReady(service, 60_000);
  return 'started';
}

/** Sends SIGTERM and waits for the process to finish draining; SIGKILL only after the timeout. */
export async function stopService(service: ServiceName, timeoutMs = 15_000): Promise<'stopped' | 'not running'> {
  const pid = runningPid(service);
  rmSync(pidFile(service), { force: true });
  if (pid === undefined) return 'not running';
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  return 'stopped';
}

export interface ServiceStatus {
  service: ServiceName;
  pid?: number;
  health?: number;
  ready?: number;
}

export async function serviceStatuses(): Promise<ServiceStatus[]> {
  return Promise.all(
    SERVICE_NAMES.map(async (service) => ({
      service,
      pid: runningPid(service),
      health: await probe(`${serviceUrl(service)}/health`),
      ready: await probe(`${serviceUrl(service)}/ready`),
    })),
  );
}
