import { randomUUID } from 'node:crypto';
import { connectMongo, loadEnv, type MongoConnection } from '@placement/platform';
import { SentLog } from './sent-log';

/**
 * A sent log in a read-model database of the calling test file alone, created before its tests and
 * dropped after them. Call at the top of a describe block; the getter is valid inside its tests, and
 * given a clock it answers the same log read by that clock (a process that claimed in the past, say).
 */
export function scratchSentLog(name: string): (now?: () => number) => SentLog {
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
  return (now) => {
    if (!log || !mongo) throw new Error('the scratch sent log exists only inside the tests');
    return now ? new SentLog(mongo.db, now) : log;
  };
}
