import { randomUUID } from 'node:crypto';
import { loadEnv } from '../config';
import { createLogger } from '../logger';
import { connectMongo, type MongoConnection } from './index';
import { Lease, LeasedWorker, LEASES_COLLECTION } from './lease';

const until = async (what: string, probe: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('a lease in the read-model database', () => {
  let mongo: MongoConnection;
  const logger = createLogger('lease-test', 'silent');
  /** Error lines, for the tests that a hung worker is reported (naming its lease). */
  const errors: { lease?: string; msg: string }[] = [];
  const watched = createLogger('lease-test', 'error', { write: (line: string) => void errors.push(JSON.parse(line) as { lease?: string; msg: string }) });
  const reported = (work: string, about: RegExp) => errors.some((line) => line.lease === work && about.test(line.msg));

  beforeAll(async () => {
    mongo = await connectMongo(loadEnv({}, { jwtSecret: false }), `lease_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  const name = () => `work-${randomUUID()}`;

  it('is held by one of many processes asking at once, and passes on when released', async () => {
    const work = name();
    const leases = Array.from({ length: 8 }, (_, n) => new Lease(mongo.db, work, `holder-${n}`, 60_000));
    const held = await Promise.all(leases.map((lease) => lease.acquire()));
    expect(held.filter(Boolean)).toHaveLength(1);
    const holder = leases[held.indexOf(true)]!;
    expect(await holder.currentHolder()).toBe(holder.holder);
    expect(await holder.acquire()).toBe(true);
    await holder.release();
    const other = leases.find((lease) => lease !== holder)!;
    expect(await other.acquire()).toBe(true);
    expect(await holder.acquire()).toBe(false);
  });

  it('passes to another holder once it expires unrenewed, and the old holder cannot renew it then', async () => {
    let now = 1_000_000;
    const work = name();
    const first = new Lease(mongo.db, work, 'first', 1000, () => now);
    const second = new Lease(mongo.db, work, 'second', 1000, () => now);
    expect(await first.acquire()).toBe(true);
    now += 500;
    expect(await second.acquire()).toBe(false);
    expect(await first.acquire()).toBe(true); // renewed until now + 1000
    now += 900;
    expect(await second.acquire()).toBe(false);
    now += 200;
    expect(await second.acquire()).toBe(true);
    expect(await first.acquire()).toBe(false);
    expect(await mongo.db.collection(LEASES_COLLECTION).countDocuments({ _id: work as never })).toBe(1);
  });

  it('gives the lease back when its worker cannot start, and starts it at a later try', async () => {
    const work = name();
    const timing = { ttlMs: 2000, renewEveryMs: 200, pollEveryMs: 100 };
    let tries = 0;
    const worker = new LeasedWorker(
      new Lease(mongo.db, work, 'flaky', timing.ttlMs),
      {
        start: async () => {
          tries += 1;
          if (tries < 3) throw new Error('Kafka is down');
        },
        stop: async () => undefined,
      },
      logger,
      timing,
    );
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      await worker.start();
      await until('the worker running at the third try', () => worker.active);
      expect(tries).toBe(3);
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      await worker.stop();
    }
  });

  it('runs a worker in exactly one process, and in another once that one stops', async () => {
    const work = name();
    const timing = { ttlMs: 2000, renewEveryMs: 200, pollEveryMs: 100 };
    const starts = [0, 0];
    const leases = [0, 1].map((n) => new Lease(mongo.db, work, `process-${n}`, timing.ttlMs));
    const tries = leases.map((lease) => jest.spyOn(lease, 'acquire'));
    const workers = [0, 1].map(
      (n) =>
        new LeasedWorker(
          leases[n]!,
          { start: async () => void (starts[n]! += 1), stop: async () => undefined },
          logger,
          timing,
        ),
    );
    await Promise.all(workers.map((worker) => worker.start()));
    await until('one worker running', () => workers.some((worker) => worker.active));
    // Several renewals (and tries of the other process) later, still exactly one.
    const triedBefore = tries.map((spy) => spy.mock.calls.length);
    await until('four more renewals and tries', () => tries.every((spy, n) => spy.mock.calls.length >= triedBefore[n]! + 4));
    expect(workers.filter((worker) => worker.active)).toHaveLength(1);
    const [active, standby] = workers[0]!.active ? [workers[0]!, workers[1]!] : [workers[1]!, workers[0]!];
    await active.stop();
    await until('the standby taking over', () => standby.active);
    expect(starts).toEqual([1, 1]);
    await standby.stop();
  });

  /** A worker whose start or stop, while held, waits until the test lets it go on. */
  const gatedWorker = () => {
    const gates = { start: undefined as (() => void) | undefined, stop: undefined as (() => void) | undefined };
    const counts = { starts: 0, stops: 0 };
    const hold = { start: false, stop: false };
    const gate = (which: 'start' | 'stop') => (hold[which] ? new Promise<void>((resolve) => (gates[which] = resolve)) : Promise.resolve());
    const worker = {
      start: async () => {
        counts.starts += 1;
        await gate('start');
      },
      stop: async () => {
        counts.stops += 1;
        await gate('stop');
      },
    };
    return { worker, gates, counts, hold };
  };

  it('keeps the lease while its worker starts for longer than the ttl: no other process starts it meanwhile', async () => {
    const work = name();
    const timing = { ttlMs: 1000, renewEveryMs: 100, pollEveryMs: 100 };
    const slow = gatedWorker();
    slow.hold.start = true;
    const first = new LeasedWorker(new Lease(mongo.db, work, 'slow', timing.ttlMs), slow.worker, logger, timing);
    const otherLease = new Lease(mongo.db, work, 'other', timing.ttlMs);
    const tries = jest.spyOn(otherLease, 'acquire');
    const other = gatedWorker();
    // Slow polls, so that six of them outlast the ttl well within the time a start may take.
    const second = new LeasedWorker(otherLease, other.worker, logger, { ...timing, pollEveryMs: 250 });
    try {
      await first.start();
      await until('the slow start begun', () => slow.gates.start !== undefined);
      await second.start();
      await until('six polls of the other process', () => tries.mock.calls.length >= 6);
      expect(other.counts.starts).toBe(0);
      expect(first.active).toBe(false);
      slow.gates.start!();
      await until('the slow worker running', () => first.active);
      expect(second.active).toBe(false);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('gives the lease back when its worker does not start in time, so another process runs the work', async () => {
    const work = name();
    const timing = { ttlMs: 1000, renewEveryMs: 100, pollEveryMs: 100 };
    const hung = gatedWorker();
    hung.hold.start = true;
    const first = new LeasedWorker(new Lease(mongo.db, work, 'hung', timing.ttlMs), hung.worker, watched, timing);
    const other = gatedWorker();
    const second = new LeasedWorker(new Lease(mongo.db, work, 'other', timing.ttlMs), other.worker, logger, timing);
    try {
      await first.start();
      await until('the start begun', () => hung.gates.start !== undefined);
      await second.start();
      await until('the other process running the work', () => second.active);
      expect(reported(work, /has not started/)).toBe(true);
      hung.gates.start!();
      await until('the late-started worker stopped', () => hung.counts.stops === 1);
      expect(hung.counts.starts).toBe(1);
      expect(first.active).toBe(false);
      expect(second.active).toBe(true);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('keeps polling while its worker, stopped when the lease was lost, does not stop, and takes the lease again once it has', async () => {
    const work = name();
    const timing = { ttlMs: 1000, renewEveryMs: 100, pollEveryMs: 100 };
    const stuck = gatedWorker();
    const leased = new LeasedWorker(new Lease(mongo.db, work, 'stuck', timing.ttlMs), stuck.worker, watched, timing);
    const leases = mongo.db.collection<{ _id: string; holder: string; expiresAt: number }>(LEASES_COLLECTION);
    try {
      await leased.start();
      await until('the worker running', () => leased.active);
      stuck.hold.stop = true;
      await leases.updateOne({ _id: work }, { $set: { holder: 'thief', expiresAt: Date.now() + 60_000 } });
      await until('the worker stopping', () => stuck.gates.stop !== undefined);
      expect(leased.active).toBe(false);
      // The thief gone, the lease is free: but not for a process whose worker has not stopped.
      await leases.updateOne({ _id: work }, { $set: { expiresAt: 0 } });
      await until('the hung stop reported', () => reported(work, /has not stopped/));
      expect((await leases.findOne({ _id: work }))?.holder).toBe('thief');
      stuck.hold.stop = false;
      stuck.gates.stop!();
      await until('the worker running again', () => leased.active);
      expect(stuck.counts.starts).toBe(2);
      expect((await leases.findOne({ _id: work }))?.holder).toBe('stuck');
    } finally {
      await leased.stop();
    }
  });
});
