import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { buildFerretdb, ensureFerretdbIndexes, ferretdbBuild } from '../../infra/local/servers/ferretdb';
import { runAsSuperuser } from '../../infra/local/servers/postgres';
import { LOCAL_STACK } from '../../platform/src/config/local-stack';
import { freePort } from './processes';

/** One FerretDB process of the tests, on a free port, over a PostgreSQL database of its own. */
export interface FerretdbInstance {
  variant: 'patched' | 'upstream';
  url: string;
  /** FerretDB's backend database in the local PostgreSQL. */
  postgresDatabase: string;
  output: () => string;
  stop: () => Promise<void>;
}

const PG = LOCAL_STACK.postgres;

const answersPing = async (url: string): Promise<boolean> => {
  const client = new MongoClient(url, { directConnection: true, serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000 });
  try {
    await client.connect();
    return (await client.db('admin').command({ ping: 1 })).ok === 1;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
};

/**
 * Starts the project's FerretDB build (patched) or FerretDB as released (upstream), building it from the
 * Go module cache when missing (a few minutes the first time), on the local stack's PostgreSQL with a
 * fresh database that holds the same index triggers as the stack's (without the exact-key twins, for a
 * measurement of the stack as it was before them).
 */
export async function startFerretdb(
  variant: 'patched' | 'upstream',
  { exactKeys = true, poolSize = 20 }: { exactKeys?: boolean; poolSize?: number } = {},
): Promise<FerretdbInstance> {
  const build = ferretdbBuild(variant);
  await buildFerretdb(build);
  const postgresDatabase = `ferretdb_${variant}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  await runAsSuperuser('postgres', `CREATE DATABASE ${postgresDatabase} OWNER ${PG.user}`);
  await ensureFerretdbIndexes(runAsSuperuser, postgresDatabase, { exactKeys });

  const port = await freePort();
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), `ferretdb-${variant}-`));
  const backendUrl = `postgres://${PG.user}:${PG.password}@${PG.host}:${PG.port}/${postgresDatabase}?pool_max_conns=${poolSize}`;
  let output = '';
  const child = spawn(
    build.binary,
    ['--handler=postgresql', `--postgresql-url=${backendUrl}`, `--listen-addr=127.0.0.1:${port}`, '--debug-addr=-', '--telemetry=disable', `--state-dir=${stateDir}`, '--log-level=error'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(stateDir, { recursive: true, force: true });
    await runAsSuperuser('postgres', `DROP DATABASE IF EXISTS ${postgresDatabase} WITH (FORCE)`);
  };

  const url = `mongodb://127.0.0.1:${port}/`;
  const deadline = Date.now() + 30_000;
  while (!(await answersPing(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`FerretDB (${variant}) did not answer on ${url}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { variant, url, postgresDatabase, output: () => output, stop };
}
