/**
 * Spaces sends evenly at `perSecond` (a leaky bucket without burst): SMTP relays throttle or refuse
 * senders that burst. Per process: n replicas send at most n times the rate.
 */
export class RateLimiter {
  private next = 0;
  private readonly intervalMs: number;

  constructor(
    perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.intervalMs = 1000 / perSecond;
  }

  /** Resolves when the caller may send. */
  async take(): Promise<void> {
    const now = this.now();
    const slot = Math.max(now, this.next);
    this.next = slot + this.intervalMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }
}

/** At most `limit` tasks at once; the rest wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its place straight to the next waiter, so nobody can slip in between.
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
