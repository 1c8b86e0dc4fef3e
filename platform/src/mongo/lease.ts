import type { Db } from 'mongodb';
import type { Logger } from '../logger';
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
 * A worker that runs in one process at a time: it starts once its lease is taken, keeps renewing it,
 * and stops when a renewal fails or finds the lease gone (another process took over after this one
 * stalled). The workers guarded this way (projections, the relay) are idempotent, so the moment two
 * overlap while a stalled holder notices costs nothing but repeated work.
 */
export class LeasedWorker implements Worker {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopping = false;
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
    return this.running;
  }

  get name(): string {
    return this.lease.name;
  }

  /** Returns at once: the worker starts when the lease is had. */
  async start(): Promise<void> {
    this.stopping = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.step;
    if (!this.running) return;
    this.running = false;
    await this.worker.stop();
    await this.lease.release().catch((error: unknown) => this.logger.warn({ err: error, lease: this.lease.name }, 'could not release the lease; it expires by itself'));
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.step = this.tick().finally(() => this.schedule(this.running ? this.timing.renewEveryMs : this.timing.pollEveryMs));
    }, delayMs);
  }

  private async tick(): Promise<void> {
    let held: boolean;
    try {
      held = await this.lease.acquire();
    } catch (error) {
      // The database is unreachable: keep working until the lease could have passed to someone else.
      this.logger.warn({ err: error, lease: this.lease.name }, 'could not renew or take the lease');
      held = this.running && Date.now() - this.lastRenewal < this.timing.ttlMs;
    }
    if (this.stopping) return;
    if (held) {
      this.lastRenewal = Date.now();
      if (!this.running) await this.startWorker();
    } else if (this.running) {
      this.logger.warn({ lease: this.lease.name, holder: this.lease.holder }, 'lease lost; stopping');
      this.running = false;
      await this.worker.stop().catch((error: unknown) => this.logger.error({ err: error, lease: this.lease.name }, 'the worker failed to stop'));
    }
  }

  /** A worker that cannot start (its server is down) gives the lease back and is tried again at the next poll. */
  private async startWorker(): Promise<void> {
    this.logger.info({ lease: this.lease.name, holder: this.lease.holder }, 'lease taken; starting');
    try {
      await this.worker.start();
      this.running = true;
    } catch (error) {
      this.logger.error({ err: error, lease: this.lease.name }, 'the worker failed to start; giving the lease back');
      await this.worker.stop().catch(() => undefined);
      await this.lease.release().catch(() => undefined);
    }
  }
}
