import { isolatedPostgresStore, loadEnv, type EventStore } from '@placement/platform';
import type { Db } from 'mongodb';
import { checkpoints } from '../checkpoints';
import { runToHead, scratchReadModels } from '../test-support';
import { applicationsProjection } from './applications';
import { jobsProjection } from './jobs';
import { appendAll, portalHistory } from './test-history';

const PROJECTIONS = [jobsProjection, applicationsProjection];

/** Every collection of the projections as the server stores it: the raw BSON of each document, in id order. */
async function rawCollections(db: Db): Promise<Record<string, Buffer>> {
  const collections: Record<string, Buffer> = {};
  for (const name of PROJECTIONS.flatMap((projection) => projection.collections)) {
    const documents = await db.collection(name).find({}, { raw: true }).sort({ _id: 1 }).toArray();
    collections[name] = Buffer.concat(documents as unknown as Buffer[]);
  }
  return collections;
}

async function buildAll(store: EventStore, db: Db): Promise<void> {
  for (const projection of PROJECTIONS) await runToHead(projection, store, db);
}

describe('jobs and applications read models: replaying the log changes nothing', () => {
  const env = loadEnv();
  let store: EventStore;
  let dispose: () => Promise<void>;
  const scratch: { drop: () => Promise<void> }[] = [];
  const freshDb = async () => {
    const readModels = await scratchReadModels();
    scratch.push(readModels);
    return readModels.db;
  };

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(env.POSTGRES_URL));
    await appendAll(store, portalHistory());
  });
  afterAll(async () => {
    for (const readModels of scratch) await readModels.drop();
    await dispose();
  });

  it('applies the same events a second time and leaves every collection byte for byte the same', async () => {
    const db = await freshDb();
    await buildAll(store, db);
    const once = await rawCollections(db);
    expect(Object.values(once).every((bytes) => bytes.length > 0)).toBe(true);

    // Forget the checkpoints: the whole log is applied again over the built read models.
    await checkpoints(db).updateMany({}, { $set: { position: 0 } });
    await buildAll(store, db);
    expect(await rawCollections(db)).toEqual(once);
  }, 30_000);

  it('builds the same bytes from scratch in another database', async () => {
    const first = await freshDb();
    const second = await freshDb();
    await buildAll(store, first);
    await buildAll(store, second);
    expect(await rawCollections(second)).toEqual(await rawCollections(first));
  }, 30_000);
});
