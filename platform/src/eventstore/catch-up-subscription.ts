import type { RecordedEvent, SubscribeToAllOptions, Subscription } from './port';

/** Something that says "new events may have been committed"; returns a function that unregisters. */
export type WakeSource = (listener: () => void) => () => void;

export interface CatchUpSubscriptionDeps {
  /** Committed events with a position strictly greater than `position`, in position order. */
  readAfter(position: number, maxCount: number): Promise<RecordedEvent[]>;
  onWake: WakeSource;
  batchSize: number;
  /** Upper bound on the delay when a wake-up is lost. */
  pollIntervalMs: number;
}

/**
 * One loop for catch-up and live: read a batch after the checkpoint, deliver it, and when the log is
 * drained sleep until woken or until the poll interval passes. Correct only over a commit-ordered
 * log (see postgres.ts), where "nothing after the checkpoint yet" can never later turn out false.
 */
export class CatchUpSubscription implements Subscription {
  private stopped = false;
  private wakePending = false;
  private interruptSleep: (() => void) | undefined;
  private readonly finished: Promise<void>;

  constructor(
    private readonly deps: CatchUpSubscriptionDeps,
    private readonly options: SubscribeToAllOptions,
    private readonly onFinished: (subscription: CatchUpSubscription) => void,
  ) {
    this.finished = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.finished;
  }

  private async run(): Promise<void> {
    const unregister = this.deps.onWake(() => this.wake());
    try {
      await this.deliverUntilStopped(this.options.fromPosition ?? 0);
    } catch (error) {
      if (!this.stopped) reportError(this.options, error);
    } finally {
      this.stopped = true;
      unregister();
      this.onFinished(this);
    }
  }

  private async deliverUntilStopped(fromPosition: number): Promise<void> {
    let checkpoint = fromPosition;
    while (!this.stopped) {
      // Cleared before reading: a wake-up that lands during the read makes the next sleep return at once.
      this.wakePending = false;
      const batch = await this.deps.readAfter(checkpoint, this.deps.batchSize);
      for (const event of batch) {
        if (this.stopped) return;
        await this.options.onEvent(event);
        checkpoint = event.position;
      }
      if (batch.length < this.deps.batchSize) await this.sleepUntilWoken();
    }
  }

  private sleepUntilWoken(): Promise<void> {
    if (this.wakePending || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.interruptSleep = undefined;
        resolve();
      };
      const timer = setTimeout(finish, this.deps.pollIntervalMs);
      this.interruptSleep = finish;
    });
  }

  private wake(): void {
    this.wakePending = true;
    this.interruptSleep?.();
  }
}

function reportError(options: SubscribeToAllOptions, error: unknown): void {
  if (options.onError) options.onError(error);
  else console.error('Event store subscription ended with an error', error);
}
