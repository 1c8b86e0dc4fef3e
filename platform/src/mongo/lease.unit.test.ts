import type { Db } from 'mongodb';
import { createLogger } from '../logger';
import { Lease, LeasedWorker, type LeaseTiming, type Worker } from './lease';

// A ttl of ten renewals: a test worker's event loop stalled under load for most of a second still renews in time.
const TIMING: LeaseTiming = { ttlMs: 1000, renewEveryMs: 100, pollEveryMs: 60 };
jest.setTimeout(30_000);

const until = async (what: string, probe: () => boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** The one lease document the processes of a test share, with the rules of `Lease` (taken when free or expired). */
interface Table {
  holder?: string;
  expiresAt: number;
}

/** A lease kept in memory; `answering` false makes the database hang (acquire never answers). */
class MemoryLease extends Lease {
  acquires = 0;
  releases = 0;
  answering = true;

  constructor(
    private readonly table: Table,
    holder: string,
  ) {
    super({} as Db, 'projection:test', holder, TIMING.ttlMs);
  }

  override async acquire(): Promise<boolean> {
    this.acquires += 1;
    if (!this.answering) return new Promise<boolean>(() => undefined);
    const now = Date.now();
    if (this.table.holder !== this.holder && this.table.expiresAt >= now) return false;
    this.table.holder = this.holder;
    this.table.expiresAt = now + TIMING.ttlMs;
    return true;
  }

  override async release(): Promise<void> {
    this.releases += 1;
    if (this.table.holder === this.holder) this.table.expiresAt = 0;
  }
}

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/** A worker whose starts and stops settle at once, or, while held, when the test settles them. */
class GatedWorker implements Worker {
  starts = 0;
  stops = 0;
  startsAtOnce = 0;
  mostStartsAtOnce = 0;
  readonly pendingStarts: Pending[] = [];
  readonly pendingStops: Pending[] = [];
  holdStarts = false;
  holdStops = false;

  async start(): Promise<void> {
    this.starts += 1;
    this.startsAtOnce += 1;
    this.mostStartsAtOnce = Math.max(this.mostStartsAtOnce, this.startsAtOnce);
    try {
      if (this.holdStarts) await new Promise<void>((resolve, reject) => this.pendingStarts.push({ resolve, reject }));
    } finally {
      this.startsAtOnce -= 1;
    }
  }

  async stop(): Promise<void> {
    this.stops += 1;
    if (this.holdStops) await new Promise<void>((resolve, reject) => this.pendingStops.push({ resolve, reject }));
  }
}

interface LogLine {
  level: string;
  msg: string;
  lease?: string;
}

describe('LeasedWorker', () => {
  const logs: LogLine[] = [];
  const logger = createLogger('lease-test', 'info', { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
  const errors = (about: RegExp) => logs.filter((line) => line.level === 'error' && line.lease === 'projection:test' && about.test(line.msg));
  const running: LeasedWorker[] = [];

  const processOf = (table: Table, holder: string, timing = TIMING) => {
    const lease = new MemoryLease(table, holder);
    const worker = new GatedWorker();
    const leased = new LeasedWorker(lease, worker, logger, timing);
    running.push(leased);
    return { lease, worker, leased };
  };

  beforeEach(() => {
    logs.length = 0;
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((leased) => leased.stop()));
  });

  it('keeps renewing the lease while its worker starts for longer than the ttl, so no other process starts it meanwhile', async () => {
    const table: Table = { expiresAt: 0 };
    const slow = processOf(table, 'slow');
    slow.worker.holdStarts = true;
    await slow.leased.start();
    await until('the slow start begun', () => slow.worker.pendingStarts.length === 1);
    // Slow polls, so that four of them outlast the ttl well within the time a start may take.
    const other = processOf(table, 'other', { ...TIMING, pollEveryMs: 400 });
    await other.leased.start();
    await until('four polls of the other process', () => other.lease.acquires >= 4);
    expect(other.worker.starts).toBe(0);
    expect(slow.leased.active).toBe(false);
    slow.worker.pendingStarts[0]!.resolve();
    await until('the slow worker running', () => slow.leased.active);
    expect(other.leased.active).toBe(false);
  });

  it('gives the lease back when its worker does not start in time, and stops that worker once its start ends late', async () => {
    const table: Table = { expiresAt: 0 };
    const hung = processOf(table, 'hung');
    hung.worker.holdStarts = true;
    await hung.leased.start();
    await until('the start begun', () => hung.worker.pendingStarts.length === 1);
    const other = processOf(table, 'other');
    await other.leased.start();
    await until('the other process running the work', () => other.leased.active);
    expect(errors(/has not started/)).toHaveLength(1);
    // While its start hangs the process asks for the lease no more, and starts its worker no second time.
    const asked = hung.lease.acquires;
    const otherAsked = other.lease.acquires;
    await until('five renewals of the other process', () => other.lease.acquires >= otherAsked + 5);
    expect(hung.lease.acquires).toBe(asked);
    hung.worker.pendingStarts[0]!.resolve();
    await until('the late-started worker stopped', () => hung.worker.stops === 1);
    expect(hung.worker.mostStartsAtOnce).toBe(1);
    expect(hung.worker.starts).toBe(1);
    expect(hung.leased.active).toBe(false);
    expect(other.leased.active).toBe(true);
  });

  it('runs a worker whose start ended late, when no other process took the lease meanwhile', async () => {
    const alone = processOf({ expiresAt: 0 }, 'alone');
    alone.worker.holdStarts = true;
    await alone.leased.start();
    await until('the start reported late', () => errors(/has not started/).length === 1);
    alone.worker.pendingStarts[0]!.resolve();
    await until('the worker running', () => alone.leased.active);
    expect(alone.worker.starts).toBe(1);
    expect(alone.worker.stops).toBe(0);
  });

  it('keeps polling while a worker that lost its lease does not stop, and takes the lease only once it has', async () => {
    const table: Table = { expiresAt: 0 };
    const stuck = processOf(table, 'stuck');
    await stuck.leased.start();
    await until('the worker running', () => stuck.leased.active);
    stuck.worker.holdStops = true;
    Object.assign(table, { holder: 'thief', expiresAt: Date.now() + 60_000 });
    await until('the worker stopping', () => stuck.worker.pendingStops.length === 1);
    expect(stuck.leased.active).toBe(false);
    table.expiresAt = 0; // the thief gone: the lease is free, but not for a process whose worker still stops
    await until('the hung stop reported', () => errors(/has not stopped/).length === 1);
    expect(table.holder).toBe('thief');
    stuck.worker.pendingStops[0]!.resolve();
    await until('the worker running again', () => stuck.leased.active);
    expect(stuck.worker.starts).toBe(2);
  });

  it('keeps polling while a worker that failed to start does not stop, and tries again once it has', async () => {
    const table: Table = { expiresAt: 0 };
    const flaky = processOf(table, 'flaky');
    flaky.worker.holdStarts = true;
    flaky.worker.holdStops = true;
    await flaky.leased.start();
    await until('the start begun', () => flaky.worker.pendingStarts.length === 1);
    flaky.worker.pendingStarts[0]!.reject(new Error('Kafka is down'));
    await until('the hung stop reported', () => errors(/has not stopped/).length === 1);
    expect(flaky.worker.starts).toBe(1);
    flaky.worker.holdStarts = false;
    flaky.worker.pendingStops[0]!.resolve();
    await until('the worker running at the second try', () => flaky.leased.active);
    expect(flaky.worker.starts).toBe(2);
  });

  it('stops its worker once the ttl since the last renewal has passed while the database does not answer, and starts it again when it does', async () => {
    const table: Table = { expiresAt: 0 };
    const cut = processOf(table, 'cut');
    await cut.leased.start();
    await until('the worker running', () => cut.leased.active);
    cut.lease.answering = false;
    await until('the worker stopped', () => cut.worker.stops === 1);
    expect(cut.leased.active).toBe(false);
    cut.lease.answering = true;
    await until('the worker running again', () => cut.leased.active);
    expect(cut.worker.starts).toBe(2);
  });

  it('returns from a stop during a hanging start, and stops the worker once that start ends', async () => {
    const table: Table = { expiresAt: 0 };
    const hung = processOf(table, 'hung');
    hung.worker.holdStarts = true;
    await hung.leased.start();
    await until('the start begun', () => hung.worker.pendingStarts.length === 1);
    let stopped = false;
    void hung.leased.stop().then(() => (stopped = true));
    await until('the stop returned', () => stopped);
    expect(hung.worker.stops).toBe(0);
    hung.worker.pendingStarts[0]!.resolve();
    await until('the worker stopped after its start', () => hung.worker.stops === 1);
    expect(hung.leased.active).toBe(false);
  });

  it('stops cleanly: the worker first, then the lease is released', async () => {
    const table: Table = { expiresAt: 0 };
    const clean = processOf(table, 'clean');
    await clean.leased.start();
    await until('the worker running', () => clean.leased.active);
    clean.worker.holdStops = true;
    let stopped = false;
    void clean.leased.stop().then(() => (stopped = true));
    await until('the worker stopping', () => clean.worker.pendingStops.length === 1);
    expect(clean.lease.releases).toBe(0);
    clean.worker.pendingStops[0]!.resolve();
    await until('the stop returned', () => stopped);
    expect(clean.lease.releases).toBe(1);
    expect(table.expiresAt).toBe(0);
  });

  it('stopped while its worker starts in time: starts it, stops it, releases the lease', async () => {
    const table: Table = { expiresAt: 0 };
    const quick = processOf(table, 'quick');
    quick.worker.holdStarts = true;
    await quick.leased.start();
    await until('the start begun', () => quick.worker.pendingStarts.length === 1);
    let stopped = false;
    void quick.leased.stop().then(() => (stopped = true));
    quick.worker.pendingStarts[0]!.resolve();
    await until('the stop returned', () => stopped);
    expect(quick.worker.stops).toBe(1);
    expect(table.expiresAt).toBe(0);
    expect(quick.leased.active).toBe(false);
  });
});
