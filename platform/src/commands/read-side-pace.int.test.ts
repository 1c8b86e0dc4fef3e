import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadEnv } from '../config';
import { isolatedPostgresStore, type EventStore } from '../eventstore';
import { testEvent } from '../eventstore/contract';
import { connectMongo, type MongoConnection } from '../mongo';
import { holdCommandsForReadSide, ReadSidePace, type ReadSidePaceSettings } from './read-side-pace';

const env = loadEnv();

/** The pace against the real event store (the events' ages) and the real read store (the checkpoints). */
describe('ReadSidePace on the local stack', () => {
  let store: EventStore;
  let dispose: () => Promise<void>;
  let mongo: MongoConnection;
  const collection = `pace_checkpoints_${randomUUID().replace(/-/g, '')}`;
  const checkpoints = () => mongo.db.collection<{ _id: string; position: number; stuck?: unknown }>(collection);
  const settings: ReadSidePaceSettings = { budgetMs: 200, maxHoldMs: 600, pollMs: 10, stalledAfterMs: 60_000 };
  const pace = (overrides: Partial<ReadSidePaceSettings> = {}) => new ReadSidePace(store, checkpoints(), { ...settings, ...overrides });
  const setPosition = (projection: string, position: number, extra: Record<string, unknown> = {}) =>
    checkpoints().updateOne({ _id: projection }, { $set: { position, ...extra } }, { upsert: true });
  /** Positions of events that happened ten minutes ago: a projection before them is far behind. */
  let first = 0;
  let head = 0;
  /** A look answers every caller for pollMs: the next call after this one looks again. */
  const afterPoll = () => new Promise((resolve) => setTimeout(resolve, settings.pollMs * 3));
  /** The pace's first look at a projection counts it as not moving; this one shows it moving, still far behind. */
  const seenMoving = async (subject: ReadSidePace, projection = 'applications') => {
    await setPosition(projection, first - 2);
    await subject.ready();
    await setPosition(projection, first - 1);
    await afterPoll();
  };

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(env.POSTGRES_URL));
    mongo = await connectMongo(env);
    const occurredAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const old = Array.from({ length: 5 }, () => testEvent({ metadata: { ...testEvent().metadata, occurredAt } }));
    const appended = await store.append(`pace-${randomUUID()}`, old, 'no_stream');
    head = appended.position;
    first = (await store.readAll({ maxCount: 1 }))[0]!.position;
  });
  afterAll(async () => {
    await checkpoints().drop().catch(() => undefined);
    await mongo.close();
    await dispose();
  });
  beforeEach(() => checkpoints().deleteMany({}));

  it('does not hold while every projection is at the head', async () => {
    const subject = pace();
    await seenMoving(subject);
    await setPosition('applications', head);
    await afterPoll();
    await expect(subject.ready()).resolves.toBe(0);
  });

  it('holds a command while a working projection has an old event to apply, at most the longest hold', async () => {
    const subject = pace();
    await seenMoving(subject);
    await expect(subject.ready()).resolves.toBeGreaterThanOrEqual(settings.maxHoldMs);
  });

  it('lets a held command go as soon as the projection catches up', async () => {
    const subject = pace({ maxHoldMs: 30_000 });
    await seenMoving(subject);
    const held = subject.ready();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await setPosition('applications', head);
    const ms = await held;
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(ms).toBeLessThan(30_000);
  });

  it('does not wait for a projection that stopped moving, is stuck, or is no projection', async () => {
    const stalled = pace({ stalledAfterMs: 200, maxHoldMs: 30_000 });
    await seenMoving(stalled);
    // Seen moving, then not again: held until the stall time has passed since the move, then let go.
    const heldUntilStalled = await stalled.ready();
    expect(heldUntilStalled).toBeGreaterThan(0);
    expect(heldUntilStalled).toBeLessThan(30_000);
    await afterPoll();
    await expect(stalled.ready()).resolves.toBe(0);

    const subject = pace();
    await setPosition('jobs', 0, { stuck: { position: first, type: 'JobPosted' } });
    await setPosition('kafka-relay', 0);
    await subject.ready();
    await setPosition('jobs', first - 1, { stuck: { position: first, type: 'JobPosted' } });
    await setPosition('kafka-relay', first - 1);
    await afterPoll();
    await expect(subject.ready()).resolves.toBe(0);
  });

  it('holds nothing when it cannot read the log', async () => {
    const unreadable = new ReadSidePace({ readAll: () => Promise.reject(new Error('down')) }, checkpoints(), settings);
    await seenMoving(unreadable);
    await expect(unreadable.ready()).resolves.toBe(0);
  });

  it('holds requests that may change state, not reads, and reports how long', async () => {
    const subject = pace();
    await seenMoving(subject);
    const holds: number[] = [];
    const app = express();
    app.use(holdCommandsForReadSide(subject, (ms) => holds.push(ms)));
    app.all('/thing', (_req, res) => res.json({ ok: true }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/thing`;
      expect((await fetch(url)).status).toBe(200);
      expect(holds).toEqual([]);
      expect((await fetch(url, { method: 'POST' })).status).toBe(200);
      expect(holds).toHaveLength(1);
      expect(holds[0]).toBeGreaterThanOrEqual(settings.maxHoldMs);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
