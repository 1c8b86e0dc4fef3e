import type { Logger } from 'pino';
import type { NewEvent } from '@placement/platform';

/**
 * Analyses the event store did not take: kept in this process and appended again in the background,
 * oldest first, until the store takes them. A student's check is never lost to a passing store outage:
 * the reply has gone out already (analysis: null), and the event follows once the store answers.
 * The append is idempotent (the event id is the analysis id), so an append that landed although it
 * reported a failure is kept once. While any wait, the engine's readiness report says so; on stop
 * the engine tries once more, and logs every one still waiting in full at error level (a record an
 * operator can replay). The queue is bounded: when full, the oldest wait and the newest is logged
 * in full at error level instead.
 */

/** One analysis's prepared append: exactly what the first attempt sent. */
export interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  /** For the logs: whose check it is, and the request that made it. */
  studentId: string;
  correlationId: string;
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/**
 * The wait before retry number `attempt` (1 after the first failure): base doubling per attempt up to
 * the cap, and from half of that to all of it at random (`random` in [0, 1)), so that engines that
 * failed together do not all retry together.
 */
export function backoffMs(attempt: number, random: number, { baseMs, maxMs }: BackoffOptions = DEFAULT_BACKOFF): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(Math.max(random, 0), 1));
}

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface RecordRetryOptions {
  /** How many analyses may wait (default 10,000). */
  capacity?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  timers?: Timers;
}

export const DEFAULT_RETRY_CAPACITY = 10_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class RecordRetryQueue {
  private readonly waiting: PendingAppend[] = [];
  private readonly capacity: number;
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;
  private readonly timers: Timers;
  /** Failed attempts at the oldest waiting append since one last succeeded. */
  private attempts = 0;
  private lastError: string | undefined;
  private timer: unknown;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly append: (pending: PendingAppend) => Promise<unknown>,
    private readonly logger: Logger,
    options: RecordRetryOptions = {},
  ) {
    this.capacity = options.capacity ?? DEFAULT_RETRY_CAPACITY;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.random = options.random ?? Math.random;
    this.timers = options.timers ?? { setTimeout: (callback, ms) => setTimeout(callback, ms).unref(), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };
  }

  /** How many analyses wait to be recorded. */
  get size(): number {
    return this.waiting.length;
  }

  /** The readiness report's words while any wait; undefined when none do. */
  problem(): string | undefined {
    const count = this.waiting.length;
    if (count === 0) return undefined;
    const what = count === 1 ? '1 resume analysis' : `${count} resume analyses`;
    return `${what} waiting to be recorded (event store: ${this.lastError ?? 'not tried again yet'})`;
  }

  /**
   * Keeps an append the store refused (its error, for the report), to be retried after the backoff.
   * Answers false when the queue is full: that one is logged in full at error level and not kept.
   */
  add(pending: PendingAppend, error: unknown): boolean {
    if (this.stopped || this.waiting.length >= this.capacity) {
      this.logger.error(
        { studentId: pending.studentId, correlationId: pending.correlationId, streamId: pending.streamId, events: pending.events, err: error, waiting: this.waiting.length },
        this.stopped ? 'resume analysis not recorded (engine stopping): replay these events' : 'resume analysis not recorded (retry queue full): replay these events',
      );
      return false;
    }
    this.waiting.push(pending);
    if (this.waiting.length === 1) {
      this.lastError = messageOf(error);
      this.attempts = 1;
      this.schedule();
    }
    this.logger.warn({ studentId: pending.studentId, correlationId: pending.correlationId, err: error, waiting: this.waiting.length }, 'resume analysis not recorded yet: retrying in the background');
    return true;
  }

  /** Appends the waiting analyses oldest first, stopping at the first failure (then backing off). */
  flush(): Promise<void> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** On the engine's stop: no more retries, one last try, then every analysis still waiting logged in full. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimer();
    await this.running;
    await this.flush();
    this.cancelTimer();
    for (const pending of this.waiting.splice(0)) {
      this.logger.error(
        { studentId: pending.studentId, correlationId: pending.correlationId, streamId: pending.streamId, events: pending.events, lastError: this.lastError },
        'resume analysis not recorded (engine stopped): replay these events',
      );
    }
  }

  private async drain(): Promise<void> {
    this.cancelTimer();
    while (this.waiting.length > 0) {
      const head = this.waiting[0]!;
      try {
        await this.append(head);
      } catch (error) {
        this.lastError = messageOf(error);
        this.attempts += 1;
        if (!this.stopped) this.schedule();
        return;
      }
      this.waiting.shift();
      this.attempts = 0;
      this.logger.info({ studentId: head.studentId, correlationId: head.correlationId, waiting: this.waiting.length }, 'resume analysis recorded on retry');
    }
    this.lastError = undefined;
  }

  private schedule(): void {
    this.cancelTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, backoffMs(this.attempts, this.random(), this.backoff));
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
