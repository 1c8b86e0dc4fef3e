import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { serverVariables } from '../../../platform/src/config/local-stack';
import type { ServerLayout } from '../layout';
import { DEFAULT_LAYOUT, dataDirIn } from '../layout';
import { say } from '../log';
import { installLogOf, toolDirOf } from '../paths';
import { runCommand } from '../process';
import type { LocalServer } from '../server';
import { defineDaemon, firstVariablePointingElsewhere } from '../server';
import { goExecutable, isMarkedComplete, markComplete } from '../tools';
import { runAsSuperuserIn } from './postgres';

const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
const FERRETDB_VERSION = 'v1.24.0';

/**
 * The project's patches of FerretDB's source, applied in name order at the build (see each file's
 * header and docs/decisions.md): exact-pushdown.patch answers sorted, paged and counted queries in
 * PostgreSQL where its order is BSON's (equality, ranges, $in, literal substring $regex, $and, $or) and
 * makes an index on a `search…` field a trigram index; release-query-before-write.patch closes an update's query before
 * it writes, so concurrent updates cannot take the whole pool and wait for each other forever;
 * unlocked-index-build.patch builds an index without FerretDB's global registry lock (planned and
 * recorded under it), so the server, every database, answers while PostgreSQL builds one;
 * waived-journal.patch commits a write sent with `writeConcern: { j: false }` (the projections') without
 * waiting for its WAL flush; with-exact-twin-indexes.patch builds a non-unique index as the exact-key
 * twin the patched queries read, instead of a btree the index SQL would replace.
 */
const PATCHES_DIR = path.join(__dirname, 'ferretdb-patches');
const patchFiles = (): string[] =>
  fs
    .readdirSync(PATCHES_DIR)
    .filter((name) => name.endsWith('.patch'))
    .sort()
    .map((name) => path.join(PATCHES_DIR, name));

/** A build is named by the patches it holds: changing one builds (and `npm start` runs) a new binary. */
const patchesDigest = (files: readonly string[]): string => {
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.basename(file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 12);
};

export interface FerretdbBuild {
  dir: string;
  binary: string;
  patches: readonly string[];
}

/** The project's build (with its patches), or FerretDB as released (the differential tests' reference). */
export const ferretdbBuild = (variant: 'patched' | 'upstream' = 'patched'): FerretdbBuild => {
  const patches = variant === 'patched' ? patchFiles() : [];
  const dir = toolDirOf('ferretdb', patches.length === 0 ? FERRETDB_VERSION : `${FERRETDB_VERSION}-${patchesDigest(patches)}`);
  return { dir, binary: path.join(dir, 'ferretdb'), patches };
};

const isBuilt = ({ dir, binary }: FerretdbBuild): boolean => isMarkedComplete(dir) && fs.existsSync(binary);
// FerretDB 1.24 as released keeps an update's query (one pooled connection) open while it writes on a
// second one: as many concurrent updates as its pool has connections wait for each other forever (seen
// at 50, 200 and 300). release-query-before-write.patch removes that wait; the pool stays large so
// concurrent test runs do not queue for connections: each client process keeps at most
// LOCAL_MONGO_POOL_SIZE connections (in the local MONGODB_URL), and PostgreSQL allows 400 in all.
const backendUrl = ({ servers: { postgres: PG, ferretdb: FERRETDB } }: ServerLayout): string =>
  `postgres://${PG.user}:${PG.password}@${PG.host}:${PG.port}/${FERRETDB.postgresDatabase}?pool_max_conns=300`;

const sqlFile = (file: string): string => fs.readFileSync(path.join(__dirname, file), 'utf8');

/**
 * Documents stored uncompressed up to a page (ferretdb-storage.sql); GIN twins of the top-level fields
 * that lead FerretDB's btree indexes in ascending order, so its equality pushdown (unsorted finds,
 * updates, deletes) uses an index; pg_trgm with the guards of the trigram indexes on `search…` fields
 * (and those indexes in place of a released build's btree on one); then (unless told otherwise, as for
 * a measurement of the stack before them) the exact-key twins, and the guards of the keys no twin leads
 * with, which the patched build filters, sorts and counts by (see the SQL files), in one of FerretDB's
 * backend databases; the twin of a non-unique index other than `_id`'s takes the place of FerretDB's
 * btree (never read) under FerretDB's name, the name its metadata lists and drops. Twins and guards
 * nothing reads are dropped (docs/decisions.md, index upkeep).
 */
export const ensureFerretdbIndexes = async (
  runAsSuperuser: (database: string, sql: string) => Promise<unknown>,
  database: string,
  { exactKeys = true }: { exactKeys?: boolean } = {},
): Promise<void> => {
  await runAsSuperuser(database, sqlFile('ferretdb-storage.sql'));
  await runAsSuperuser(database, sqlFile('ferretdb-equality-indexes.sql'));
  if (exactKeys) await runAsSuperuser(database, sqlFile('ferretdb-sort-indexes.sql'));
};

const ensureEqualityIndexes = (layout: ServerLayout): Promise<void> =>
  ensureFerretdbIndexes(runAsSuperuserIn(layout), layout.servers.ferretdb.postgresDatabase);

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

/** Builds FerretDB from the module source with the build's patches (`git apply` needs no repository). */
export const buildFerretdb = async (target: FerretdbBuild = ferretdbBuild()): Promise<void> => {
  if (isBuilt(target)) return;
  const buildDir = writableCopyOf(await downloadModuleSource());
  try {
    for (const patch of target.patches) {
      say('ferretdb', `applying ${path.basename(patch)}…`);
      await runCommand('git', ['apply', '--whitespace=nowarn', patch], { cwd: buildDir, logFile: installLogOf('ferretdb') });
    }
    say('ferretdb', `building (go build ./cmd/ferretdb) into ${target.dir}…`);
    fs.mkdirSync(target.dir, { recursive: true });
    await runCommand(goExecutable(), ['build', '-trimpath', '-o', target.binary, './cmd/ferretdb'], {
      cwd: buildDir,
      env: { ...process.env, GOFLAGS: '-buildvcs=false' },
      logFile: installLogOf('ferretdb'),
    });
    markComplete(target.dir);
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
};

const answersPing = async (layout: ServerLayout): Promise<boolean> => {
  const client = new MongoClient(serverVariables(layout.servers).MONGODB_URL, {
    serverSelectionTimeoutMS: 1_500,
    connectTimeoutMS: 1_500,
    directConnection: true,
  });
  try {
    await client.connect();
    const reply = await client.db(layout.servers.ferretdb.database).command({ ping: 1 });
    return reply.ok === 1;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
};

/** FerretDB of one copy of the stack (`npm start`'s unless a layout says otherwise), on that copy's PostgreSQL. */
export const ferretdbServer = (layout: ServerLayout = DEFAULT_LAYOUT): LocalServer => {
  const FERRETDB = layout.servers.ferretdb;
  const stateDir = dataDirIn(layout, 'ferretdb');
  return defineDaemon({
    name: 'ferretdb',
    layout,
    dependsOn: ['postgres'],
    address: `${FERRETDB.host}:${FERRETDB.port}`,
    ports: [FERRETDB.port],
    startTimeoutMs: 30_000,
    externalVariable: (env) => firstVariablePointingElsewhere(env, ['MONGODB_URL']),
    isInstalled: async () => isBuilt(ferretdbBuild()),
    install: () => buildFerretdb(),
    async prepare() {
      fs.mkdirSync(stateDir, { recursive: true });
      await ensureEqualityIndexes(layout);
    },
    refresh: async () => {
      await ensureEqualityIndexes(layout);
    },
    launchSpec: () => ({
      command: ferretdbBuild().binary,
      // A read of N documents decodes each from JSON and allocates for all of them; collecting garbage
      // less often served 19 % more whole-collection reads per second (GOGC=400 against Go's 100).
      env: { ...process.env, GOGC: '400' },
      args: [
        '--handler=postgresql',
        `--postgresql-url=${backendUrl(layout)}`,
        `--listen-addr=${FERRETDB.host}:${FERRETDB.port}`,
        '--debug-addr=-',
        '--telemetry=disable',
        `--state-dir=${stateDir}`,
        '--log-level=error',
      ],
    }),
    isHealthy: () => answersPing(layout),
  });
};

export const ferretdb: LocalServer = ferretdbServer();
