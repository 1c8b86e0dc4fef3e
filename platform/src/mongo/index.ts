import { MongoClient, type Db } from 'mongodb';
import type { Env } from '../config';

export { DUPLICATE_KEY_CODE, isDuplicateKeyError } from './duplicate-key';
export type { AnyBulkWriteOperation, Collection, Db, Document, Filter } from 'mongodb';

export interface MongoConnection {
  client: MongoClient;
  db: Db;
  close: () => Promise<void>;
}

/** Connects to the read-model database named in MONGODB_URL (MongoDB, or FerretDB on the local stack). */
export async function connectMongo(env: Pick<Env, 'MONGODB_URL'>, databaseName?: string): Promise<MongoConnection> {
  // While the server is down, an operation waits this long for it, then fails as unavailable (503).
  const client = new MongoClient(env.MONGODB_URL, { serverSelectionTimeoutMS: 3_000, connectTimeoutMS: 3_000, retryWrites: false });
  await client.connect();
  const db = client.db(databaseName);
  return { client, db, close: () => client.close() };
}

export async function pingMongo(db: Db): Promise<void> {
  await db.command({ ping: 1 });
}
export { DEFAULT_LEASE_TIMING, Lease, leaseTiming, LeasedWorker, LEASES_COLLECTION, type LeaseTiming, type Worker } from './lease';
export { isFerretdb, refreshPlannerStatistics } from './statistics';
