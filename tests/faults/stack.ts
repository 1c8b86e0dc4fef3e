import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCAL_STACK, serverVariables, type StackServers } from '../../platform/src/config/local-stack';
import type { ServerLayout } from '../../infra/local/layout';
import { LOGS_DIR } from '../../infra/local/paths';
import type { LocalServer } from '../../infra/local/server';
import { ferretdbServer } from '../../infra/local/servers/ferretdb';
import { kafkaServer } from '../../infra/local/servers/kafka';
import { maildevServer } from '../../infra/local/servers/maildev';
import { minioServer } from '../../infra/local/servers/minio';
import { postgresServer } from '../../infra/local/servers/postgres';
import { freePort } from '../support/processes';

export const FAULT_SERVERS = ['postgres', 'kafka', 'ferretdb', 'minio', 'maildev'] as const;
export type FaultServer = (typeof FAULT_SERVERS)[number];

/**
 * A copy of the local stack's servers of its own, on free ports, with its data in a temporary folder
 * and its logs in `.local/logs/faults/<run>/`: the fault tests kill these, never the servers `npm start`
 * runs for everything else. Installed tools come from the same cache (nothing is installed here).
 */
export interface FaultStack {
  layout: ServerLayout;
  /** The variables that point a service at this copy. */
  env: Record<string, string>;
  server(name: FaultServer): LocalServer;
  /** SIGKILL to the server's whole process group (PostgreSQL's backends die with it), then waits until it is gone. */
  kill(name: FaultServer): Promise<void>;
  start(name: FaultServer): Promise<void>;
  /** Stops every server and deletes the data (logs are kept). */
  dispose(): Promise<void>;
}

async function freeServers(): Promise<StackServers> {
  const [postgres, kafka, controller, ferretdb, minio, console, smtp, web] = await Promise.all(Array.from({ length: 8 }, () => freePort()));
  return {
    postgres: { ...LOCAL_STACK.postgres, port: postgres! },
    kafka: { ...LOCAL_STACK.kafka, port: kafka!, controllerPort: controller! },
    ferretdb: { ...LOCAL_STACK.ferretdb, port: ferretdb! },
    minio: { ...LOCAL_STACK.minio, port: minio!, consolePort: console! },
    maildev: { ...LOCAL_STACK.maildev, smtpPort: smtp!, webPort: web! },
  };
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function startFaultStack(): Promise<FaultStack> {
  const run = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'placement-faults-'));
  // PostgreSQL runs as its own account when we are root: it must be able to reach its folders.
  fs.chmodSync(dataRoot, 0o755);
  const layout: ServerLayout = { servers: await freeServers(), dataRoot, logsDir: path.join(LOGS_DIR, 'faults', run) };
  const servers: Record<FaultServer, LocalServer> = {
    postgres: postgresServer(layout),
    kafka: kafkaServer(layout),
    ferretdb: ferretdbServer(layout),
    minio: minioServer(layout),
    maildev: maildevServer(layout, Number.POSITIVE_INFINITY),
  };
  for (const name of FAULT_SERVERS) {
    if (!(await servers[name].isInstalled())) throw new Error(`${name} is not installed: run \`npm start\` (or \`npm run stack -- install\`) once`);
  }
  const stack: FaultStack = {
    layout,
    env: serverVariables(layout.servers),
    server: (name) => servers[name],
    async kill(name) {
      const pid = servers[name].runningPid();
      if (pid === undefined) throw new Error(`${name} of the fault stack is not running`);
      process.kill(-pid, 'SIGKILL');
      while (isAlive(pid)) await sleep(20);
    },
    start: (name) => servers[name].start(),
    async dispose() {
      for (const name of [...FAULT_SERVERS].reverse()) await servers[name].stop().catch(() => undefined);
      fs.rmSync(dataRoot, { recursive: true, force: true });
    },
  };
  try {
    await servers.postgres.start();
    await Promise.all([servers.kafka.start(), servers.ferretdb.start(), servers.minio.start(), servers.maildev.start()]);
  } catch (error) {
    await stack.dispose();
    throw error;
  }
  return stack;
}
