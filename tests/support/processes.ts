import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Node's own options for a spawned service, e.g. `SPAWNED_NODE_ARGS_PROJECTORS='--cpu-prof --cpu-prof-dir=/tmp/prof'`
 * to profile the projectors of a bench (`--cpu-prof` is refused in NODE_OPTIONS).
 */
function nodeArgsFor(service: string): string[] {
  return (process.env[`SPAWNED_NODE_ARGS_${service.toUpperCase().replace(/-/g, '_')}`] ?? '').split(' ').filter(Boolean);
}

/**
 * Where a spawned process runs. `ownSession` starts it in a session of its own, as `npm start` runs every
 * service: Linux's autogroup scheduling shares the CPU between sessions first, so a child left in a
 * bench's session splits that session's share with the bench's own clients (and with every other child
 * there), which a deployed service never does. Such a child no longer gets the terminal's Ctrl-C: it is
 * stopped when this process exits.
 */
export interface SpawnOptions {
  /** A port of its own (a free one by default), e.g. to restart a service where it was. */
  port?: number;
  ownSession?: boolean;
}

/** Runs a built service (`<service>/dist/main.js`) as a real process on a free port (or on `port`, to restart it where it was). */
export async function spawnService(service: string, env: NodeJS.ProcessEnv = {}, options: number | SpawnOptions = {}): Promise<ServiceProcess> {
  const { port, ownSession } = typeof options === 'number' ? { port: options, ownSession: false } : options;
  return spawnProgram([...nodeArgsFor(service), join(repoRoot, service, 'dist', 'main.js')], join(repoRoot, service), { LOG_LEVEL: 'info', ...env }, { port, ownSession });
}

/** Runs `node <args>` in `cwd` as a real process listening on `PORT` (a free port unless `options.port` names one). */
export async function spawnProgram(args: string[], cwd: string, env: NodeJS.ProcessEnv, { port, ownSession = false }: SpawnOptions = {}): Promise<ServiceProcess> {
  port ??= await freePort();
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownSession,
  });
  if (ownSession) {
    const stop = () => child.kill('SIGTERM');
    process.once('exit', stop);
    child.once('exit', () => process.off('exit', stop));
  }
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitForStatus(url: string, status: number, timeoutMs = 30_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last: string = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === status) return response;
      last = `status ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})`);
}

export interface NpmRunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run <script> -- <args>` from the repository's root as an operator types it (npm's own banner
 * left out), with `stdin` written to its standard input and closed; resolves when it exits.
 */
export function npmRun(script: string, args: readonly string[], { stdin = '', env = {} }: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<NpmRunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
