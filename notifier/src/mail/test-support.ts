import { randomUUID } from 'node:crypto';
import { connectMongo, loadEnv, type MongoConnection } from '@placement/platform';
import { SentLog } from './sent-log';

/**
 * A sent log in a read-model database of the calling test file alone, created before its tests and
 * dropped after them. Call at the top of a describe block; the getter is valid inside its tests.
 */
export function scratchSentLog(name: string): () => SentLog {
  let mongo: MongoConnection | undefined;
  let log: SentLog | undefined;
  const database = `notifier_${name}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  beforeAll(async () => {
    mongo = await connectMongo(loadEnv(), database);
    log = new SentLog(mongo.db);
  });
  afterAll(async () => {
    await mongo?.db.dropDatabase();
    await mongo?.close();
  });
  return () => {
    if (!log) throw new Error('the scratch sent log exists only inside the tests');
    return log;
  };
}
