import { LOCAL_DEFAULTS } from '../../platform/src/config/local-stack';
import type { ServerLayout } from './layout';
import { DEFAULT_LAYOUT, logFileIn, pidFileIn } from './layout';
import { elapsedSince, say } from './log';
import { logFileOf, relativeToRepo } from './paths';
import type { LaunchSpec } from './process';
import { launchDetached, readRunningPid, stopProcess, tailOfFile } from './process';
import { isPortOpen, pollUntil } from './probes';

export const SERVER_NAMES = ['postgres', 'kafka', 'ferretdb', 'minio', 'maildev', 'gateway'] as const;
export type ServerName = (typeof SERVER_NAMES)[number];

export interface LocalServer {
  readonly name: ServerName;
  readonly dependsOn: readonly ServerName[];
  readonly address: string;
  readonly logFile: string;
  /** Names the environment variable that points the services at an external server, if one does. */
  externalVariable(env: NodeJS.ProcessEnv): string | undefined;
  isInstalled(): Promise<boolean>;
  install(): Promise<void>;
  runningPid(): number | undefined;
  /** Launches the server detached and resolves once it is healthy; a no-op when it already runs. */
  start(): Promise<void>;
  isHealthy(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface DaemonDefinition {
  name: ServerName;
  /** Its addresses, data and log folders; the default is `npm start`'s copy. */
  layout?: ServerLayout;
  dependsOn?: readonly ServerName[];
  address: string;
  ports: readonly number[];
  externalVariable?: (env: NodeJS.ProcessEnv) => string | undefined;
  startTimeoutMs: number;
  stopSignal?: NodeJS.Signals;
  stopTimeoutMs?: number;
  isInstalled(): Promise<boolean>;
  install(): Promise<void>;
  /** Runs before every launch: creates data folders, writes config files. */
  prepare?(): Promise<void>;
  /** Runs when `start` finds the server already running. */
  refresh?(): Promise<void>;
  launchSpec(): LaunchSpec;
  /** The first sign of life, when it differs from full health (e.g. before roles exist). */
  isAccepting?(): Promise<boolean>;
  /** Creates what the services expect (roles, databases, buckets); must be idempotent. */
  provision?(): Promise<void>;
  isHealthy(): Promise<boolean>;
}

export const serverFailure = (server: ServerName, reason: string, quoteLog = true, logFile = logFileOf(server)): Error => {
  if (!quoteLog) return new Error(`[${server}] ${reason}`);
  return new Error(
    `[${server}] ${reason}\n--- last 25 lines of ${relativeToRepo(logFile)} ---\n${tailOfFile(logFile, 25)}`,
  );
};

/** True when the variable is set to something other than the local stack's own address. */
export const pointsElsewhere = (env: NodeJS.ProcessEnv, variable: string): boolean => {
  const value = env[variable];
  const localValue = (LOCAL_DEFAULTS as Record<string, string>)[variable];
  return value !== undefined && value !== '' && value !== localValue;
};

export const firstVariablePointingElsewhere = (
  env: NodeJS.ProcessEnv,
  variables: readonly string[],
): string | undefined => variables.find((variable) => pointsElsewhere(env, variable));

const filesOf = (definition: DaemonDefinition): { logFile: string; pidFile: string } => {
  const layout = definition.layout ?? DEFAULT_LAYOUT;
  return { logFile: logFileIn(layout, definition.name), pidFile: pidFileIn(layout, definition.name) };
};

const assertPortsFree = async (definition: DaemonDefinition): Promise<void> => {
  for (const port of definition.ports) {
    if (await isPortOpen('127.0.0.1', port, 500)) {
      const reason = `port ${port} is already taken by a process this stack did not start (see: ss -ltnp)`;
      throw serverFailure(definition.name, reason, false, filesOf(definition).logFile);
    }
  }
};

const waitForAlreadyRunning = async (definition: DaemonDefinition, pid: number): Promise<void> => {
  if (await pollUntil(() => definition.isHealthy(), definition.startTimeoutMs)) {
    say(definition.name, `already running (pid ${pid})`);
    return;
  }
  throw serverFailure(definition.name, `runs as pid ${pid} but is not healthy`, true, filesOf(definition).logFile);
};

const launchAndWait = async (definition: DaemonDefinition): Promise<void> => {
  const startedAt = performance.now();
  await definition.prepare?.();
  await assertPortsFree(definition);
  say(definition.name, `starting on ${definition.address}…`);
  const { logFile, pidFile } = filesOf(definition);
  const launched = launchDetached(definition.name, logFile, definition.launchSpec(), pidFile);
  const hasExited = (): boolean => launched.exitDescription() !== undefined;
  const accepting = await pollUntil(
    () => (definition.isAccepting ?? definition.isHealthy)(),
    definition.startTimeoutMs,
    hasExited,
  );
  if (!accepting) {
    const reason = launched.exitDescription() ?? `not healthy after ${definition.startTimeoutMs / 1000}s`;
    throw serverFailure(definition.name, reason, true, logFile);
  }
  await definition.provision?.();
  if (!(await definition.isHealthy())) throw serverFailure(definition.name, 'failed its health probe after start', true, logFile);
  say(definition.name, `ready in ${elapsedSince(startedAt)} (pid ${launched.pid})`);
};

export const defineDaemon = (definition: DaemonDefinition): LocalServer => ({
  name: definition.name,
  dependsOn: definition.dependsOn ?? [],
  address: definition.address,
  logFile: filesOf(definition).logFile,
  externalVariable: definition.externalVariable ?? (() => undefined),
  isInstalled: () => definition.isInstalled(),
  install: () => definition.install(),
  runningPid: () => readRunningPid(definition.name, filesOf(definition).pidFile),
  isHealthy: () => definition.isHealthy(),
  async start() {
    const pid = readRunningPid(definition.name, filesOf(definition).pidFile);
    if (pid === undefined) return launchAndWait(definition);
    await definition.refresh?.();
    await waitForAlreadyRunning(definition, pid);
  },
  async stop() {
    const startedAt = performance.now();
    const outcome = await stopProcess(
      definition.name,
      definition.stopSignal ?? 'SIGTERM',
      definition.stopTimeoutMs ?? 20_000,
      filesOf(definition).pidFile,
    );
    say(definition.name, outcome === 'not running' ? 'not running' : `${outcome} in ${elapsedSince(startedAt)}`);
  },
});
