import type { EachBatchPayload, KafkaMessage } from '@placement/platform';

/**
 * Handles a batch's messages concurrently across keys and in order within a key: a stream's events
 * stay in order (one application's status changes, say), while a bulk status change to 500
 * applicants does not wait for one mail at a time per partition. The offset resolved is the end of
 * the longest run of handled messages, so a stop in the middle re-delivers only what was not handled.
 */
export function keyOrderedBatch(handle: (message: KafkaMessage) => Promise<void>, concurrency: number) {
  return async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload): Promise<void> => {
    const byKey = new Map<string, KafkaMessage[]>();
    for (const message of batch.messages) {
      const key = message.key?.toString() ?? `offset:${message.offset}`;
      const messages = byKey.get(key) ?? [];
      messages.push(message);
      byKey.set(key, messages);
    }
    const handled = new Set<string>();
    const queues = [...byKey.values()];
    let next = 0;
    const worker = async () => {
      while (next < queues.length) {
        const queue = queues[next++]!;
        for (const message of queue) {
          if (!isRunning() || isStale()) return;
          await handle(message);
          handled.add(message.offset);
        }
        await heartbeat();
      }
    };
    // Every worker finishes (or stops at its failure) before the offset is resolved and a failure let through.
    const outcomes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, queues.length) }, worker));
    let last: string | undefined;
    for (const message of batch.messages) {
      if (!handled.has(message.offset)) break;
      last = message.offset;
    }
    if (last !== undefined) resolveOffset(last);
    const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failure) throw failure.reason;
  };
}
