import { MongoClient, type Db } from 'mongodb';
import type { Env } from '../config';
import type { Logger } from '../logger';
import { watchMonitor } from './monitor-watchdog';

export { DUPLICATE_KEY_CODE, isDuplicateKeyError } from './duplicate-key';
export type { AnyBulkWriteOperation, Collection, Db, Document, Filter } from 'mongodb';

export interface MongoConnection {
  client: MongoClient;
  db: Db;
  close: () => Promise<void>;
}

/**
 * Connects to the read-model database named in MONGODB_URL (MongoDB, or FerretDB on the local stack).
 * With a logger (a service's own connection), a client whose server monitor stops is connected afresh
 * (monitor-watchdog.ts).
 */
export async function connectMongo(env: Pick<Env, 'MONGODB_URL'>, databaseName?: string, { logger }: { logger?: Logger } = {}): Promise<MongoConnection> {
  // While the server is down, an operation waits this long for it, then fails as unavailable (503).
  const client = new MongoClient(env.MONGODB_URL, { serverSelectionTimeoutMS: 3_000, connectTimeoutMS: 3_000, retryWrites: false });
  await client.connect();
  const db = client.db(databaseName);
  const unwatch = logger ? watchMonitor(client, logger) : () => undefined;
  return {
    client,
    db,
    close: () => {
      unwatch();
      return client.close();
    },
  };
}

export async function pingMongo(db: Db): Promise<void> {
  await db.command({ ping: 1 });
}
export { DEFAULT_LEASE_TIMING, Lease, leaseTiming, LeasedWorker, LEASES_COLLECTION, type LeaseTiming, type Worker } from './lease';
export { isFerretdb, refreshPlannerStatistics } from './statistics';
export { monitorStalled, watchMonitor, type MonitorSightings, type MonitorWatchdogOptions } from './monitor-watchdog';
