import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { LOCAL_DEFAULTS, LOCAL_STACK } from '../../../platform/src/config/local-stack';
import { say } from '../log';
import { dataDirOf, installLogOf, toolDirOf } from '../paths';
import { runCommand } from '../process';
import type { LocalServer } from '../server';
import { defineDaemon, firstVariablePointingElsewhere } from '../server';
import { goExecutable, isMarkedComplete, markComplete } from '../tools';
import { runAsSuperuser } from './postgres';

const FERRETDB = LOCAL_STACK.ferretdb;
const PG = LOCAL_STACK.postgres;
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
const FERRETDB_VERSION = 'v1.24.0';
const TOOL_DIR = toolDirOf('ferretdb', FERRETDB_VERSION);
const BINARY = path.join(TOOL_DIR, 'ferretdb');
const STATE_DIR = dataDirOf('ferretdb');
// FerretDB 1.24 holds pooled connections while it waits for its metadata registry's lock; with its
// default of 50 connections, 50 concurrent clients could take them all and the server stopped answering
// for good (seen under the read-side benchmark). A pool no client load here reaches avoids that.
const BACKEND_URL = `postgres://${PG.user}:${PG.password}@${PG.host}:${PG.port}/${FERRETDB.postgresDatabase}?pool_max_conns=200`;

const EQUALITY_INDEXES_SQL = fs.readFileSync(path.join(__dirname, 'ferretdb-equality-indexes.sql'), 'utf8');

/** GIN twins of FerretDB's btree indexes, so its equality pushdown uses an index (see the SQL file). */
const ensureEqualityIndexes = (): Promise<unknown> =>
  runAsSuperuser(FERRETDB.postgresDatabase, EQUALITY_INDEXES_SQL);

/** `go install …@v1.24.0` is refused by the proxy (no version list), but the module itself downloads. */
const downloadModuleSource = async (): Promise<string> => {
  say('ferretdb', `go mod download ${FERRETDB_MODULE}@${FERRETDB_VERSION}…`);
  const output = await runCommand(goExecutable(), ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], {
    cwd: os.tmpdir(),
    logFile: installLogOf('ferretdb'),
  });
  const moduleDir = (JSON.parse(output) as { Dir?: string }).Dir;
  if (moduleDir === undefined) throw new Error('go mod download printed no module folder');
  return moduleDir;
};

/** The module cache is read-only and lacks build/version/version.txt, without which the binary panics. */
const writableCopyOf = (moduleDir: string): string => {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferretdb-build-'));
  fs.cpSync(moduleDir, buildDir, { recursive: true });
  for (const entry of fs.readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    fs.chmodSync(file, fs.statSync(file).mode | 0o200);
  }
  fs.chmodSync(buildDir, 0o755);
  fs.writeFileSync(path.join(buildDir, 'build', 'version', 'version.txt'), FERRETDB_VERSION);
  return buildDir;
};

const build = async (): Promise<void> => {
  const buildDir = writableCopyOf(await downloadModuleSource());
  try {
    say('ferretdb', 'building (go build ./cmd/ferretdb)…');
    fs.mkdirSync(TOOL_DIR, { recursive: true });
    await runCommand(goExecutable(), ['build', '-trimpath', '-o', BINARY, './cmd/ferretdb'], {
      cwd: buildDir,
      env: { ...process.env, GOFLAGS: '-buildvcs=false' },
      logFile: installLogOf('ferretdb'),
    });
    markComplete(TOOL_DIR);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
};

const answersPing = async (): Promise<boolean> => {
  const client = new MongoClient(LOCAL_DEFAULTS.MONGODB_URL, {
    serverSelectionTimeoutMS: 1_500,
    connectTimeoutMS: 1_500,
    directConnection: true,
  });
  try {
    await client.connect();
    const reply = await client.db(FERRETDB.database).command({ ping: 1 });
    return reply.ok === 1;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
};

export const ferretdb: LocalServer = defineDaemon({
  name: 'ferretdb',
  dependsOn: ['postgres'],
  address: `${FERRETDB.host}:${FERRETDB.port}`,
  ports: [FERRETDB.port],
  startTimeoutMs: 30_000,
  externalVariable: (env) => firstVariablePointingElsewhere(env, ['MONGODB_URL']),
  isInstalled: async () => isMarkedComplete(TOOL_DIR) && fs.existsSync(BINARY),
  install: build,
  async prepare() {
    fs.mkdirSync(STATE_DIR, { recursive: true });
    await ensureEqualityIndexes();
  },
  refresh: async () => {
    await ensureEqualityIndexes();
  },
  launchSpec: () => ({
    command: BINARY,
    // A read of N documents decodes each from JSON and allocates for all of them; collecting garbage
    // less often served 19 % more whole-collection reads per second (GOGC=400 against Go's 100).
    env: { ...process.env, GOGC: '400' },
    args: [
      '--handler=postgresql',
      `--postgresql-url=${BACKEND_URL}`,
      `--listen-addr=${FERRETDB.host}:${FERRETDB.port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      `--state-dir=${STATE_DIR}`,
      '--log-level=error',
    ],
  }),
  isHealthy: answersPing,
});
