import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { LOCAL_STACK } from '../../../platform/src/config/local-stack';
import { say } from '../log';
import { dataDirOf, installLogOf } from '../paths';
import { findExecutable, runCommand } from '../process';
import type { LocalServer } from '../server';
import { defineDaemon, firstVariablePointingElsewhere, pointsElsewhere } from '../server';
import { aptInstall } from '../tools';

const PG = LOCAL_STACK.postgres;
const DATA_DIR = dataDirOf('postgres');
const CLUSTER_DIR = path.join(DATA_DIR, 'pgdata');
const SOCKET_DIR = path.join(DATA_DIR, 'socket');
const BOOTSTRAP_SUPERUSER = 'postgres';
const DEBIAN_INSTALL_ROOT = '/usr/lib/postgresql';

const debianBinDirs = (): string[] =>
  fs.existsSync(DEBIAN_INSTALL_ROOT)
    ? fs
        .readdirSync(DEBIAN_INSTALL_ROOT)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(DEBIAN_INSTALL_ROOT, version, 'bin'))
    : [];

const findBinDir = (): string | undefined => {
  const postgres = findExecutable('postgres', debianBinDirs().map((dir) => path.join(dir, 'postgres')));
  return postgres === undefined ? undefined : path.dirname(postgres);
};

const binary = (name: 'postgres' | 'initdb'): string => {
  const binDir = findBinDir();
  if (binDir === undefined) throw new Error('PostgreSQL binaries not found');
  return path.join(binDir, name);
};

const majorVersionOfBinaries = (): string =>
  execFileSync(binary('postgres'), ['--version'], { encoding: 'utf8' }).match(/(\d+)/)?.[1] ?? 'unknown';

/** PostgreSQL refuses to run as root, so root runs it as the `postgres` system account. */
const serviceAccount = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined;
  const idOf = (flag: string): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: idOf('-u'), gid: idOf('-g') };
};

const ensureOwnedFolders = (): void => {
  const account = serviceAccount();
  fs.mkdirSync(DATA_DIR, { recursive: true });
  for (const dir of [CLUSTER_DIR, SOCKET_DIR]) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (account !== undefined) fs.chownSync(dir, account.uid, account.gid);
  }
};

const initialiseClusterOnce = async (): Promise<void> => {
  const versionFile = path.join(CLUSTER_DIR, 'PG_VERSION');
  if (fs.existsSync(versionFile)) {
    const clusterVersion = fs.readFileSync(versionFile, 'utf8').trim();
    if (clusterVersion !== majorVersionOfBinaries()) {
      throw new Error(`data folder is PostgreSQL ${clusterVersion}, binaries are ${majorVersionOfBinaries()}: run reset`);
    }
    return;
  }
  say('postgres', 'initdb (first start)…');
  const args = ['-D', CLUSTER_DIR, '-U', BOOTSTRAP_SUPERUSER, '--auth-local=trust', '--auth-host=scram-sha-256'];
  await runCommand(binary('initdb'), [...args, '--encoding=UTF8', '--locale=C', '--no-instructions'], {
    logFile: installLogOf('postgres'),
    runAs: serviceAccount(),
  });
};

const withClient = async <T>(config: pg.ClientConfig, use: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
};

const succeeds = async (action: () => Promise<unknown>): Promise<boolean> => {
  try {
    await action();
    return true;
  } catch {
    return false;
  }
};

const asSuperuser: pg.ClientConfig = { host: SOCKET_DIR, port: PG.port, user: BOOTSTRAP_SUPERUSER, database: 'postgres' };

/** For what only a superuser may do (event triggers), in one of the stack's databases. */
export const runAsSuperuser = (database: string, sql: string): Promise<unknown> =>
  withClient({ ...asSuperuser, database }, (client) => client.query(sql));

const asApplication: pg.ClientConfig = {
  host: PG.host,
  port: PG.port,
  user: PG.user,
  password: PG.password,
  database: PG.database,
};

const ensureRoleAndDatabases = (client: pg.Client): Promise<void> => {
  const role = client.escapeIdentifier(PG.user);
  const ensureRole = async (): Promise<void> => {
    const existing = await client.query('select 1 from pg_roles where rolname = $1', [PG.user]);
    const verb = existing.rowCount ? 'ALTER' : 'CREATE';
    await client.query(`${verb} ROLE ${role} LOGIN CREATEDB PASSWORD ${client.escapeLiteral(PG.password)}`);
  };
  const ensureDatabase = async (database: string): Promise<void> => {
    const existing = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (existing.rowCount) return;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)} OWNER ${role}`);
    say('postgres', `created database ${database}`);
  };
  return ensureRole()
    .then(() => ensureDatabase(PG.database))
    .then(() => ensureDatabase(LOCAL_STACK.ferretdb.postgresDatabase));
};

export const postgres: LocalServer = defineDaemon({
  name: 'postgres',
  address: `${PG.host}:${PG.port}`,
  ports: [PG.port],
  startTimeoutMs: 60_000,
  stopSignal: 'SIGINT',
  stopTimeoutMs: 30_000,
  externalVariable: (env) =>
    pointsElsewhere(env, 'MONGODB_URL')
      ? firstVariablePointingElsewhere(env, ['POSTGRES_URL', 'EVENTSTORE_CONNECTION_STRING'])
      : undefined,
  isInstalled: async () => findBinDir() !== undefined,
  install: () => aptInstall('postgres', ['postgresql']),
  async prepare() {
    ensureOwnedFolders();
    await initialiseClusterOnce();
  },
  launchSpec: () => ({
    command: binary('postgres'),
    args: ['-D', CLUSTER_DIR, '-p', String(PG.port), '-h', PG.host, '-k', SOCKET_DIR, '-c', 'max_connections=400'],
    runAs: serviceAccount(),
  }),
  isAccepting: () => succeeds(() => withClient(asSuperuser, (client) => client.query('select 1'))),
  provision: () => withClient(asSuperuser, ensureRoleAndDatabases),
  isHealthy: () => succeeds(() => withClient(asApplication, (client) => client.query('select 1'))),
});
