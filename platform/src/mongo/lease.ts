import type { Db } from 'mongodb';
import type { Logger } from '../logger';
import { within } from '../timing';
import { isDuplicateKeyError } from './duplicate-key';

/** The collection of leases, beside the checkpoints of the work they guard. */
export const LEASES_COLLECTION = 'leases';

interface LeaseDocument {
  _id: string;
  holder: string;
  /** Milliseconds since the epoch: the holder's clock, renewed well before it passes. */
  expiresAt: number;
}

export interface LeaseTiming {
  /** How long a lease lasts without renewal: a dead holder's work moves on after at most this long. */
  ttlMs: number;
  /** How often the holder renews (well under the ttl, so a slow renewal does not lose it). */
  renewEveryMs: number;
  /** How often a standby asks whether the lease is free. */
  pollEveryMs: number;
}

/** Renewals three times per lease, so that two slow ones in a row still keep it; standbys ask five times. */
export const leaseTiming = (ttlMs: number): LeaseTiming => ({ ttlMs, renewEveryMs: Math.round(ttlMs * 0.3), pollEveryMs: Math.round(ttlMs * 0.2) });

export const DEFAULT_LEASE_TIMING: LeaseTiming = leaseTiming(10_000);

/**
 * One named lease in the read-model database: of all the processes asking for it, one holds it until
 * it releases it or stops renewing it for `ttlMs`. Each step is a single flat write, so two processes
 * asking at once cannot both win: the update matches one document once, and of two inserts the
 * unique `_id` lets one through.
 */
export class Lease {
  constructor(
    private readonly db: Db,
    readonly name: string,
    readonly holder: string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private get leases() {
    return this.db.collection<LeaseDocument>(LEASES_COLLECTION);
  }

  /** Takes the lease when it is free or expired, or extends it when this holder has it; true when held. */
  async acquire(): Promise<boolean> {
    const now = this.now();
    const expiresAt = now + this.ttlMs;
    const renewed = await this.leases.updateOne({ _id: this.name, holder: this.holder }, { $set: { expiresAt } });
    if (renewed.matchedCount === 1) return true;
    const taken = await this.leases.updateOne({ _id: this.name, expiresAt: { $lt: now } }, { $set: { holder: this.holder, expiresAt } });
    if (taken.modifiedCount === 1) return true;
    try {
      await this.leases.insertOne({ _id: this.name, holder: this.holder, expiresAt });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** Lets the lease go at once (a clean stop), so a standby need not wait for it to expire. */
  async release(): Promise<void> {
    await this.leases.updateOne({ _id: this.name, holder: this.holder }, { $set: { expiresAt: 0 } });
  }

  /** Who holds the lease now, if anyone. */
  async currentHolder(): Promise<string | undefined> {
    const lease = await this.leases.findOne({ _id: this.name });
    return lease && lease.expiresAt >= this.now() ? lease.holder : undefined;
  }
}

export interface Worker {
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * How long a worker's start or stop may take before it counts as hung: three leases, so that a slow one
 * (Kafka connections retried, a server slow to answer) is not taken for a hung one, while the work of a
 * start that hangs moves to another process within half a minute at the default ttl.
 */
const workerTimeoutMs = (timing: LeaseTiming): number => 3 * timing.ttlMs;

type Phase = 'idle' | 'starting' | 'running' | 'stopping';

/**
 * A worker that runs in one process at a time: it starts once its lease is taken, keeps renewing it,
 * and stops when a renewal fails or finds the lease gone (another process took over after this one
 * stalled). The workers guarded this way (projections, the relay) are idempotent, so the moment two
 * overlap while a stalled holder notices costs nothing but repeated work.
 *
 * The worker's start and stop run beside the renewals, never waited for by them, and one at a time: a
 * start or stop that hangs must neither leave the lease unrenewed nor stop this process from asking for
 * it again once the worker is free (a projection with no process running it).
 */
export class LeasedWorker implements Worker {
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private phase: Phase = 'idle';
  private phaseSince = 0;
  /** Whether the start or stop in progress has overrun `workerTimeoutMs` (and was reported). */
  private late = false;
  /** The worker's start or stop in progress; it settles once `phase` has moved on. */
  private changing: Promise<void> = Promise.resolve();
  /** Whether this process holds the lease, as far as its last renewal (or the ttl since) tells. */
  private held = false;
  private lastRenewal = 0;
  private step: Promise<void> = Promise.resolve();

  constructor(
    private readonly lease: Lease,
    private readonly worker: Worker,
    private readonly logger: Logger,
    private readonly timing: LeaseTiming = DEFAULT_LEASE_TIMING,
  ) {}

  /** Whether this process holds the lease and runs the worker. */
  get active(): boolean {
    return this.phase === 'running' && this.held;
  }

  get name(): string {
    return this.lease.name;
  }

  /** Returns at once: the worker starts when the lease is had. */
  async start(): Promise<void> {
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops the worker, then releases the lease; a worker that does not start or stop in time is left to its own (and the lease to expire). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.step;
    const held = this.held;
    this.held = false;
    if (this.phase === 'running') this.stopWorker();
    await this.workerSettled();
    if (held && this.phase === 'idle') await this.release();
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.step = this.tick().finally(() => this.schedule(this.held ? this.timing.renewEveryMs : this.timing.pollEveryMs));
    }, delayMs);
  }

  private async tick(): Promise<void> {
    // The lease is not this process's to take while its worker stops, nor to keep for a start that hangs.
    if (this.phase === 'stopping') return void this.overran();
    if (this.phase === 'starting' && this.overran()) return this.giveBack();
    const held = await this.renew();
    if (this.stopping) return;
    this.held = held;
    if (held && this.phase === 'idle') this.startWorker();
    else if (!held && this.phase === 'running') {
      this.logger.warn({ lease: this.lease.name, holder: this.lease.holder }, 'lease lost; stopping');
      this.stopWorker();
    }
  }

  /** Renews or takes the lease; an answer that has not come when the lease could have passed counts as none. */
  private async renew(): Promise<boolean> {
    const askedAt = Date.now();
    try {
      const held = await within(this.lease.acquire(), this.held ? this.lastRenewal + this.timing.ttlMs - askedAt : this.timing.ttlMs);
      // The lease runs from when it was asked for, not from when the answer came.
      if (held) this.lastRenewal = askedAt;
      return held;
    } catch (error) {
      // The database is unreachable: keep working until the lease could have passed to someone else.
      this.logger.warn({ err: error, lease: this.lease.name }, 'could not renew or take the lease');
      return this.held && Date.now() - this.lastRenewal < this.timing.ttlMs;
    }
  }

  private enter(phase: Phase): void {
    this.phase = phase;
    this.phaseSince = Date.now();
    this.late = false;
  }

  /** Whether the worker's start or stop in progress has overrun its time; logged once. */
  private overran(): boolean {
    const timeoutMs = workerTimeoutMs(this.timing);
    if (this.late || Date.now() - this.phaseSince < timeoutMs) return this.late;
    this.late = true;
    const what = this.phase === 'starting' ? 'started' : 'stopped';
    this.logger.error({ lease: this.lease.name, holder: this.lease.holder, timeoutMs }, `the worker has not ${what} within ${timeoutMs} ms`);
    return true;
  }

  private startWorker(): void {
    this.logger.info({ lease: this.lease.name, holder: this.lease.holder }, 'lease taken; starting');
    this.enter('starting');
    this.changing = this.worker.start().then(
      () => this.started(),
      (error: unknown) => this.failedToStart(error),
    );
  }

  /** Active only if the lease is still held: after a late start, the next renewal decides whether it runs on. */
  private started(): void {
    this.enter('running');
    if (this.stopping) this.stopWorker();
  }

  /** A worker that cannot start (its server is down) gives the lease back and is tried again at the next poll. */
  private async failedToStart(error: unknown): Promise<void> {
    this.logger.error({ err: error, lease: this.lease.name }, 'the worker failed to start; giving the lease back');
    this.enter('stopping');
    const held = this.held;
    this.held = false;
    await this.worker.stop().catch(() => undefined);
    if (held) await this.release();
    this.enter('idle');
  }

  private stopWorker(): void {
    this.enter('stopping');
    this.changing = this.worker
      .stop()
      .catch((error: unknown) => this.logger.error({ err: error, lease: this.lease.name }, 'the worker failed to stop'))
      .then(() => this.enter('idle'));
  }

  /** A start that hangs keeps the work from every process while its lease is renewed: let another have it. */
  private async giveBack(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    this.logger.warn({ lease: this.lease.name, holder: this.lease.holder }, 'giving the lease back until the worker has started');
    await this.release();
  }

  /** Waits for the worker's start (and the stop that follows it) or stop, each within its time. */
  private async workerSettled(): Promise<void> {
    while (this.phase === 'starting' || this.phase === 'stopping') {
      const leftMs = this.phaseSince + workerTimeoutMs(this.timing) - Date.now();
      const settled = await within(this.changing, leftMs).then(
        () => true,
        () => false,
      );
      if (!settled) return void this.overran();
    }
  }

  private async release(): Promise<void> {
    await within(this.lease.release(), this.timing.ttlMs).catch((error: unknown) =>
      this.logger.warn({ err: error, lease: this.lease.name }, 'could not release the lease; it expires by itself'),
    );
  }
}
