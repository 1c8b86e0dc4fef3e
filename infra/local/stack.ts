import fs from 'node:fs';
import { elapsedSince, errorMessage, say } from './log';
import { dataDirOf, relativeToRepo } from './paths';
import type { LocalServer, ServerName } from './server';
import { ALL_SERVERS } from './servers';

export type ServerState = 'running' | 'unhealthy' | 'stopped' | 'external' | 'unmanaged';

export interface ServerStatus {
  server: ServerName;
  state: ServerState;
  pid: number | null;
  address: string;
  detail: string;
}

const dependentsOf = (name: ServerName): LocalServer[] =>
  ALL_SERVERS.filter((server) => server.dependsOn.includes(name));

const closure = (names: readonly ServerName[], next: (server: LocalServer) => readonly ServerName[]): LocalServer[] => {
  const wanted = new Set<ServerName>(names);
  for (let grew = true; grew; ) {
    const before = wanted.size;
    for (const server of ALL_SERVERS) if (wanted.has(server.name)) next(server).forEach((name) => wanted.add(name));
    grew = wanted.size > before;
  }
  return ALL_SERVERS.filter((server) => wanted.has(server.name));
};

export const withDependencies = (names: readonly ServerName[]): LocalServer[] =>
  closure(names, (server) => server.dependsOn);

export const withDependents = (names: readonly ServerName[]): LocalServer[] =>
  closure(names, (server) => dependentsOf(server.name).map((dependent) => dependent.name));

const externalVariableOf = (server: LocalServer): string | undefined => server.externalVariable(process.env);

const ensureInstalled = async (server: LocalServer): Promise<void> => {
  if (await server.isInstalled()) return;
  const startedAt = performance.now();
  try {
    await server.install();
  } catch (error) {
    throw new Error(`[${server.name}] install failed: ${errorMessage(error)}`, { cause: error });
  }
  say(server.name, `installed in ${elapsedSince(startedAt)}`);
};

export const installServers = async (servers: readonly LocalServer[]): Promise<Error[]> => {
  const install = async (server: LocalServer): Promise<void> => {
    if (await server.isInstalled()) say(server.name, 'already installed (cached)');
    else await ensureInstalled(server);
  };
  const outcomes = await Promise.allSettled(servers.map(install));
  return outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as Error] : []));
};

/**
 * Runs `action` on every server at once, except that a server first waits for the servers
 * `waitsFor` names (dependencies when starting, dependents when stopping). Resolves with the failures.
 */
const inDependencyOrder = async (
  servers: readonly LocalServer[],
  waitsFor: (server: LocalServer) => readonly ServerName[],
  action: (server: LocalServer) => Promise<void>,
): Promise<Error[]> => {
  const runs = new Map<ServerName, Promise<void>>();
  const run = (server: LocalServer): Promise<void> => {
    const existing = runs.get(server.name);
    if (existing !== undefined) return existing;
    const prerequisites = servers.filter((other) => waitsFor(server).includes(other.name)).map(run);
    const started = Promise.all(prerequisites).then(
      () => action(server),
      (error: unknown) => {
        throw new Error(`[${server.name}] skipped: ${errorMessage(error).split('\n')[0]}`);
      },
    );
    runs.set(server.name, started);
    return started;
  };
  const outcomes = await Promise.allSettled(servers.map(run));
  return outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as Error] : []));
};

const installAndStart = async (server: LocalServer): Promise<void> => {
  const external = externalVariableOf(server);
  if (external !== undefined) {
    say(server.name, `external (${external} is set): not started`);
    return;
  }
  await ensureInstalled(server);
  await server.start();
};

export const startServers = (servers: readonly LocalServer[]): Promise<Error[]> =>
  inDependencyOrder(servers, (server) => server.dependsOn, installAndStart);

export const stopServers = (servers: readonly LocalServer[]): Promise<Error[]> =>
  inDependencyOrder(
    servers.filter((server) => externalVariableOf(server) === undefined),
    (server) => dependentsOf(server.name).map((dependent) => dependent.name),
    (server) => server.stop(),
  );

export const deleteData = (servers: readonly LocalServer[]): void => {
  for (const server of servers) {
    const dataDir = dataDirOf(server.name);
    if (!fs.existsSync(dataDir)) continue;
    fs.rmSync(dataDir, { recursive: true, force: true });
    say(server.name, `deleted ${relativeToRepo(dataDir)}`);
  }
};

const statusOf = async (server: LocalServer): Promise<ServerStatus> => {
  const base = { server: server.name, address: server.address, detail: relativeToRepo(server.logFile) };
  const external = externalVariableOf(server);
  if (external !== undefined) return { ...base, state: 'external', pid: null, detail: `${external} is set` };
  const pid = server.runningPid() ?? null;
  const healthy = await server.isHealthy();
  if (pid === null) return { ...base, pid, state: healthy ? 'unmanaged' : 'stopped' };
  return { ...base, pid, state: healthy ? 'running' : 'unhealthy' };
};

export const statusOfServers = (servers: readonly LocalServer[]): Promise<ServerStatus[]> =>
  Promise.all(servers.map(statusOf));

export const isUsable = (status: ServerStatus): boolean => status.state === 'running' || status.state === 'external';

export const formatStatusTable = (statuses: readonly ServerStatus[]): string => {
  const rows = [
    ['SERVER', 'STATE', 'PID', 'ADDRESS', 'LOG / NOTE'],
    ...statuses.map((status) => [status.server, status.state, String(status.pid ?? '-'), status.address, status.detail]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
};
