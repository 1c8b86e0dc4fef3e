import type { EachBatchPayload, Logger } from '@placement/platform';
import type { RetryMessage } from './work';

/**
 * The retry topic's batches, each message tried once its time has come. A message that is not due
 * pauses its partition until it is, without resolving its offset, so it is fetched again after the
 * pause and survives a restart in between; other partitions go on meanwhile.
 */
export function retryBatchHandler(run: (message: RetryMessage) => Promise<void>, logger: Logger, timers: Set<NodeJS.Timeout>) {
  return async ({ batch, resolveOffset, heartbeat, pause, isRunning, isStale }: EachBatchPayload): Promise<void> => {
    for (const message of batch.messages) {
      if (!isRunning() || isStale()) return;
      let retry: RetryMessage;
      try {
        retry = JSON.parse(message.value?.toString() ?? '') as RetryMessage;
        if (typeof retry.id !== 'string' || typeof retry.attempt !== 'number' || !retry.item) throw new Error('not a retry message');
      } catch (error) {
        logger.error({ err: error, partition: batch.partition, offset: message.offset }, 'unreadable message on the retry topic; skipped');
        resolveOffset(message.offset);
        continue;
      }
      const wait = Date.parse(retry.notBefore) - Date.now();
      if (wait > 0) {
        const resume = pause();
        const timer = setTimeout(() => {
          timers.delete(timer);
          resume();
        }, wait);
        timers.add(timer);
        return;
      }
      await run(retry);
      resolveOffset(message.offset);
      await heartbeat();
    }
  };
}
