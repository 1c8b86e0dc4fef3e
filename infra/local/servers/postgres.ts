import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { StackServers } from '../../../platform/src/config/local-stack';
import type { ServerLayout } from '../layout';
import { DEFAULT_LAYOUT, dataDirIn } from '../layout';
import { say } from '../log';
import { installLogOf } from '../paths';
import { findExecutable, runCommand } from '../process';
import type { LocalServer } from '../server';
import { defineDaemon, firstVariablePointingElsewhere, pointsElsewhere } from '../server';
import { aptInstall } from '../tools';

const BOOTSTRAP_SUPERUSER = 'postgres';
/**
 * The server's settings for a university's size (docs/decisions.md, 'PostgreSQL settings'): PostgreSQL's
 * defaults (128 MB of shared buffers, a checkpoint every 1 GB of WAL) are sized for a small machine; at
 * scale 1 the read models alone are a few GB, and a catch-up or rebuild writing them checkpointed every
 * few seconds, so most page writes also wrote the whole page to the WAL.
 */
const SETTINGS = [
  'max_connections=400',
  'shared_buffers=1GB',
  'effective_cache_size=8GB',
  'work_mem=16MB',
  'maintenance_work_mem=256MB',
  'max_wal_size=8GB',
  'checkpoint_timeout=15min',
];
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

interface PostgresFolders {
  dataDir: string;
  clusterDir: string;
  socketDir: string;
}

const foldersIn = (layout: ServerLayout): PostgresFolders => {
  const dataDir = dataDirIn(layout, 'postgres');
  return { dataDir, clusterDir: path.join(dataDir, 'pgdata'), socketDir: path.join(dataDir, 'socket') };
};

const ensureOwnedFolders = ({ dataDir, clusterDir, socketDir }: PostgresFolders): void => {
  const account = serviceAccount();
  fs.mkdirSync(dataDir, { recursive: true });
  for (const dir of [clusterDir, socketDir]) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (account !== undefined) fs.chownSync(dir, account.uid, account.gid);
  }
};

const initialiseClusterOnce = async (clusterDir: string): Promise<void> => {
  const versionFile = path.join(clusterDir, 'PG_VERSION');
  if (fs.existsSync(versionFile)) {
    const clusterVersion = fs.readFileSync(versionFile, 'utf8').trim();
    if (clusterVersion !== majorVersionOfBinaries()) {
      throw new Error(`data folder is PostgreSQL ${clusterVersion}, binaries are ${majorVersionOfBinaries()}: run reset`);
    }
    return;
  }
  say('postgres', 'initdb (first start)…');
  const args = ['-D', clusterDir, '-U', BOOTSTRAP_SUPERUSER, '--auth-local=trust', '--auth-host=scram-sha-256'];
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

type PostgresServer = StackServers['postgres'];

const asSuperuser = (pgServer: PostgresServer, socketDir: string): pg.ClientConfig => ({
  host: socketDir,
  port: pgServer.port,
  user: BOOTSTRAP_SUPERUSER,
  database: 'postgres',
});

/** For what only a superuser may do (event triggers), in one of the stack's databases. */
export const runAsSuperuserIn =
  (layout: ServerLayout) =>
  (database: string, sql: string): Promise<unknown> =>
    withClient({ ...asSuperuser(layout.servers.postgres, foldersIn(layout).socketDir), database }, (client) =>
      client.query(sql),
    );

export const runAsSuperuser = runAsSuperuserIn(DEFAULT_LAYOUT);

const asApplication = (pgServer: PostgresServer): pg.ClientConfig => ({
  host: pgServer.host,
  port: pgServer.port,
  user: pgServer.user,
  password: pgServer.password,
  database: pgServer.database,
});

const ensureRoleAndDatabases = (layout: ServerLayout) => (client: pg.Client): Promise<void> => {
  const PG = layout.servers.postgres;
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
    .then(() => ensureDatabase(layout.servers.ferretdb.postgresDatabase));
};

/** PostgreSQL of one copy of the stack (`npm start`'s unless a layout says otherwise). */
export const postgresServer = (layout: ServerLayout = DEFAULT_LAYOUT): LocalServer => {
  const PG = layout.servers.postgres;
  const folders = foldersIn(layout);
  const superuser = asSuperuser(PG, folders.socketDir);
  return defineDaemon({
    name: 'postgres',
    layout,
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
      ensureOwnedFolders(folders);
      await initialiseClusterOnce(folders.clusterDir);
    },
    launchSpec: () => ({
      command: binary('postgres'),
      args: ['-D', folders.clusterDir, '-p', String(PG.port), '-h', PG.host, '-k', folders.socketDir, ...SETTINGS.flatMap((setting) => ['-c', setting])],
      runAs: serviceAccount(),
    }),
    isAccepting: () => succeeds(() => withClient(superuser, (client) => client.query('select 1'))),
    provision: () => withClient(superuser, ensureRoleAndDatabases(layout)),
    isHealthy: () => succeeds(() => withClient(asApplication(PG), (client) => client.query('select 1'))),
  });
};

export const postgres: LocalServer = postgresServer();
