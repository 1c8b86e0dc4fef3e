import { randomUUID } from 'node:crypto';
import { loadEnv } from '../config';
import { connectMongo, pingMongo, type MongoConnection } from './index';

describe('MongoDB adapter against the real wire-protocol server', () => {
  let mongo: MongoConnection;
  const collectionName = `roundtrip_${randomUUID().replace(/-/g, '')}`;

  beforeAll(async () => {
    mongo = await connectMongo(loadEnv());
  });
  afterAll(async () => {
    await mongo.db.collection(collectionName).drop().catch(() => undefined);
    await mongo.close();
  });

  it('answers ping over TCP', async () => {
    await expect(pingMongo(mongo.db)).resolves.toBeUndefined();
  });

  it('writes, indexes, updates and queries documents', async () => {
    const jobs = mongo.db.collection<{ _id: string; company: string; status: string; createdAt: Date; applicationCount: number }>(collectionName);
    await jobs.createIndex({ status: 1, createdAt: -1 });
    await jobs.insertMany([
      { _id: 'a', company: 'Acme', status: 'approved', createdAt: new Date('2026-01-01'), applicationCount: 0 },
      { _id: 'b', company: 'Globex', status: 'pending', createdAt: new Date('2026-02-01'), applicationCount: 0 },
      { _id: 'c', company: 'Initech', status: 'approved', createdAt: new Date('2026-03-01'), applicationCount: 0 },
    ]);
    await jobs.updateOne({ _id: 'a' }, { $inc: { applicationCount: 2 } });
    await jobs.updateOne({ _id: 'd' }, { $setOnInsert: { company: 'Umbrella', status: 'rejected', createdAt: new Date(), applicationCount: 0 } }, { upsert: true });

    const approved = await jobs.find({ status: 'approved' }).sort({ createdAt: -1 }).toArray();
    expect(approved.map((job) => job._id)).toEqual(['c', 'a']);
    expect(approved[1]!.applicationCount).toBe(2);
    expect(await jobs.countDocuments()).toBe(4);
    const indexes = await jobs.indexes();
    expect(indexes.map((index) => index.key)).toContainEqual({ status: 1, createdAt: -1 });
  });
});
