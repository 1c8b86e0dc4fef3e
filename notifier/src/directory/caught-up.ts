import type { Admin, Logger } from '@placement/platform';

const POLL_MS = 100;

/**
 * Waits until `groupId` has committed every message of `topic` that exists now, or `timeoutMs` passed
 * (answers false then). The relay publishes in the log's order, so whatever was published before the
 * event being handled is in a directory fed by that group once this answers true.
 */
export async function groupCaughtUp(admin: Admin, groupId: string, topic: string, timeoutMs: number, logger: Logger): Promise<boolean> {
  const ends = await admin.fetchTopicOffsets(topic);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const behind = ends.filter(({ partition, high, low }) => {
      const offset = Number(committed?.partitions.find((p) => p.partition === partition)?.offset ?? -1);
      return Number(high) > Number(low) && offset < Number(high);
    });
    if (behind.length === 0) return true;
    if (Date.now() > deadline) {
      logger.warn({ topic, groupId, partitions: behind.map((p) => p.partition) }, 'directory still behind its topic; answering from what it knows now');
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * One directory's caught-up checks, shared by the events they are made for. A check that started after
 * an event reached the notifier covers it: whatever was published before the event was in the topic by
 * then. So the events of one fetched batch, and those handled while a check runs, wait for one check
 * instead of each making its own (two Kafka requests and more while behind). Instants are
 * `performance.now()`.
 */
export class SharedCaughtUpCheck {
  private coveredUpTo = Number.NEGATIVE_INFINITY;
  private running: { startedAt: number; caughtUp: Promise<boolean> } | undefined;

  constructor(
    private readonly check: () => Promise<boolean>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether the directory holds what was published before `receivedAt` (false: the check's wait ran out). */
  since(receivedAt: number): Promise<boolean> {
    if (this.coveredUpTo >= receivedAt) return Promise.resolve(true);
    if (this.running && this.running.startedAt >= receivedAt) return this.running.caughtUp;
    const startedAt = this.now();
    const caughtUp = this.check().then(
      (result) => {
        if (result) this.coveredUpTo = Math.max(this.coveredUpTo, startedAt);
        return result;
      },
    );
    const running = { startedAt, caughtUp };
    this.running = running;
    const clear = () => {
      if (this.running === running) this.running = undefined;
    };
    caughtUp.then(clear, clear);
    return caughtUp;
  }
}
