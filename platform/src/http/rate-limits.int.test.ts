import { randomUUID } from 'node:crypto';
import { loadEnv } from '../config';
import { connectMongo, type MongoConnection } from '../mongo';
import { mongoRateCounters, type RateCounters } from './rate-limits';

describe('rate-limit counters in the real read-model database', () => {
  let mongo: MongoConnection;
  const collection = `rate_limits_test_${randomUUID().replace(/-/g, '')}`;
  let now = new Date('2026-05-01T10:00:00.000Z');
  let counters: RateCounters;
  const WINDOW = 15 * 60 * 1000;

  beforeAll(async () => {
    mongo = await connectMongo(loadEnv());
    counters = mongoRateCounters(mongo.db, { collection, now: () => now });
  });
  afterAll(async () => {
    await mongo.db.collection(collection).drop().catch(() => undefined);
    await mongo.close();
  });

  it('counts concurrent hits exactly, as replicas sharing the collection would', async () => {
    // Two counter objects over one collection stand for two replicas.
    const other = mongoRateCounters(mongo.db, { collection, now: () => now });
    const key = `login:${randomUUID()}`;
    const counts = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? counters : other).increment(key, WINDOW)));
    // Each request sees at least its own hit and every one before it; none is lost.
    expect(counts.every((count) => count.hits >= 1 && count.hits <= 20)).toBe(true);
    expect(Math.max(...counts.map((count) => count.hits))).toBe(20);
    expect(new Set(counts.map((count) => count.resetAt.toISOString()))).toEqual(new Set(['2026-05-01T10:15:00.000Z']));
    expect(await counters.get(key, WINDOW)).toEqual({ hits: 20, resetAt: new Date('2026-05-01T10:15:00.000Z') });
  });

  it('takes a hit back, resets a key, and starts again in the next window', async () => {
    const key = `login:${randomUUID()}`;
    await counters.increment(key, WINDOW);
    await counters.increment(key, WINDOW);
    await counters.decrement(key, WINDOW);
    expect((await counters.get(key, WINDOW))?.hits).toBe(1);
    await counters.reset(key, WINDOW);
    expect(await counters.get(key, WINDOW)).toBeUndefined();
    await counters.increment(key, WINDOW);
    now = new Date(now.getTime() + WINDOW);
    expect(await counters.increment(key, WINDOW)).toEqual({ hits: 1, resetAt: new Date('2026-05-01T10:30:00.000Z') });
  });

  it('writes nothing more once a key has reached its cap, and still counts past it', async () => {
    const key = `login:${randomUUID()}`;
    const hits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) hits.push((await counters.increment(key, WINDOW, 3)).hits);
    expect(hits).toEqual([1, 2, 3, 4, 4, 4]);
    expect((await counters.get(key, WINDOW))?.hits).toBe(3);
  });

  it('stores neither the key nor anything the server would have to index raw (an e-mail of 3 KB is one short hash)', async () => {
    const key = `login:198.51.100.7|${'a'.repeat(3000)}@university.edu`;
    expect((await counters.increment(key, WINDOW)).hits).toBe(1);
    const stored = await mongo.db.collection(collection).find({}).toArray();
    expect(stored.every((document) => /^[0-9a-f]{64}$/.test(String(document.k)) && Object.keys(document).sort().join() === '_id,expiresAt,k')).toBe(true);
    expect(JSON.stringify(stored)).not.toContain('university.edu');
  });
});
