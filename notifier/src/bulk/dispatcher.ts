import type { Logger } from '@placement/platform';
import type { BulkChunk, BulkSends } from './bulk-sends';
import type { BulkSender } from './bulk-sender';

export interface DispatcherOptions {
  owner: string;
  leaseMs: number;
  pollMs: number;
  /** Chunks in progress at once in this process. */
  parallelChunks: number;
}

/**
 * Sends bulk mail when it is due. It looks for due chunks on start, every `pollMs`, and when woken by
 * a new send, so a scheduled campaign goes out at its time whichever process is alive then, and
 * never before: the schedule lives in MongoDB, not in a timer of a process that may die.
 */
export class Dispatcher {
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private filling = false;
  private readonly inProgress = new Set<Promise<void>>();

  constructor(
    private readonly bulk: BulkSends,
    private readonly sender: BulkSender,
    private readonly options: DispatcherOptions,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.wake();
  }

  /** Chunks in progress finish their recipient in flight, give their lease back and stop. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.inProgress]);
  }

  wake(): void {
    if (this.stopped || this.filling) return;
    this.filling = true;
    void this.fill()
      .catch((error: unknown) => this.logger.error({ err: error }, 'could not look for due bulk mail'))
      .finally(() => {
        this.filling = false;
      });
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.inProgress.size < this.options.parallelChunks) {
      const chunk = await this.bulk.claimDue(this.options.owner, this.options.leaseMs);
      if (!chunk) return;
      const work: Promise<void> = this.process(chunk).finally(() => {
        this.inProgress.delete(work);
        this.wake();
      });
      this.inProgress.add(work);
    }
  }

  private async process(chunk: BulkChunk): Promise<void> {
    const { owner, leaseMs } = this.options;
    let lost = false;
    const renewal = setInterval(() => {
      void this.bulk.renew(chunk._id, owner, leaseMs).then(
        (held) => {
          if (!held) lost = true;
        },
        (error: unknown) => this.logger.warn({ err: error, chunk: chunk._id }, 'could not renew a bulk-send lease'),
      );
    }, leaseMs / 4);
    try {
      const finished = await this.sender.sendChunk(chunk, () => lost || this.stopped);
      if (finished) await this.bulk.complete(chunk._id, owner);
      else if (!lost) await this.bulk.release(chunk._id, owner);
    } catch (error) {
      // The lease runs out and the chunk is taken again; the sent log skips what already went out.
      this.logger.error({ err: error, chunk: chunk._id }, 'bulk-send chunk failed; it will be taken again when its lease runs out');
    } finally {
      clearInterval(renewal);
    }
  }
}
