import { MongoClient } from 'mongodb';
import { pointsElsewhere } from '../../infra/local/server';
import { startFerretdb, type FerretdbInstance } from '../support/ferretdb-variants';

// FerretDB 1.24 as released answers an update or findAndModify by opening a query on one of its
// PostgreSQL pool's connections and, with that query still open, writing each matching document in a
// transaction on a second connection. As many concurrent updates as the pool has connections then each
// hold one and wait for another, forever: every later request, pings included, hangs until a restart.
// The project's patch (infra/local/servers/ferretdb-patches/release-query-before-write.patch) reads the
// matches and closes the query first. Both servers here get a small pool (POOL) and more concurrent
// writes than that, on databases of their own.
//
// Liveness bounds: a hang has no end, so it is detected as a workload or ping that has not finished
// within a bound many times what it needs when the server answers (well under a second). The bounds
// are not assertions on speed: a slow machine only makes the patched check's margin smaller.
const describeOnLocalStack = pointsElsewhere(process.env, 'MONGODB_URL') ? describe.skip : describe;

const POOL = 4;
const CONCURRENCY = 6 * POOL;
const ROUNDS = 5;
const PATCHED_BOUND_MS = 60_000;
const UPSTREAM_BOUND_MS = 10_000;

/** Whether the promise settles (either way) within the bound; a hang is the only way it does not. */
const settlesWithin = async (work: Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), bound]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Every kind of write that reads its matches first (updateOne, an upsert of an existing document,
 * findOneAndUpdate, findOneAndDelete), many at once, beside creations of new collections and indexes
 * (DDL under FerretDB's metadata lock) and reads, as concurrent test runs do.
 */
const writeLoad = async (client: MongoClient, run: string): Promise<void> => {
  const db = client.db(`pool_deadlock_${run}`);
  const docs = db.collection<{ _id: number; n: number }>('docs');
  await docs.insertMany(Array.from({ length: CONCURRENCY * ROUNDS }, (_, i) => ({ _id: i, n: 0 })));
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        const id = round * CONCURRENCY + i;
        switch (i % 6) {
          case 0:
            return docs.updateOne({ _id: id }, { $inc: { n: 1 } });
          case 1:
            return docs.updateOne({ _id: id }, { $set: { n: 2 } }, { upsert: true });
          case 2:
            return docs.findOneAndUpdate({ _id: id }, { $inc: { n: 1 } });
          case 3:
            return docs.findOneAndDelete({ _id: id });
          case 4:
            return db.collection(`fresh_${round}_${i}`).createIndex({ a: 1 });
          default:
            return docs.find({ n: 0 }).toArray();
        }
      }),
    );
  }
};

const pings = (client: MongoClient): Promise<unknown> => client.db('admin').command({ ping: 1 });

describeOnLocalStack('FerretDB with every backend connection taken by concurrent writes', () => {
  let server: FerretdbInstance | undefined;
  let client: MongoClient | undefined;
  const run = `${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;

  const connect = async (variant: 'patched' | 'upstream'): Promise<MongoClient> => {
    server = await startFerretdb(variant, { poolSize: POOL });
    client = await new MongoClient(server.url, { directConnection: true, maxPoolSize: CONCURRENCY + 2 }).connect();
    return client;
  };

  afterEach(async () => {
    // Closing the client ends its connections, which cancels whatever a hung server still waits on.
    await client?.close(true).catch(() => undefined);
    await server?.stop();
    client = undefined;
    server = undefined;
  });

  it(
    "the project's build answers them all and still answers a ping",
    async () => {
      const mongo = await connect('patched');
      expect(await settlesWithin(writeLoad(mongo, run), PATCHED_BOUND_MS)).toBe(true);
      await writeLoad(mongo, `${run}_again`);
      expect(await settlesWithin(pings(mongo), PATCHED_BOUND_MS)).toBe(true);
      const left = await mongo.db(`pool_deadlock_${run}`).collection('docs').countDocuments();
      expect(left).toBe((CONCURRENCY * ROUNDS * 5) / 6);
    },
    3 * PATCHED_BOUND_MS,
  );

  it(
    'FerretDB as released stops answering (the workload reproduces the hang)',
    async () => {
      const mongo = await connect('upstream');
      const load = writeLoad(mongo, run);
      load.catch(() => undefined);
      expect(await settlesWithin(load, UPSTREAM_BOUND_MS)).toBe(false);
      const ping = pings(mongo);
      ping.catch(() => undefined);
      expect(await settlesWithin(ping, UPSTREAM_BOUND_MS)).toBe(false);
    },
    6 * UPSTREAM_BOUND_MS,
  );
});
