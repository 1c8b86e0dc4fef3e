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
