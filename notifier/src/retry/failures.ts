import { currentCorrelationId, RELAY_HEADERS, type Logger, type PlacementTopics, type Producer } from '@placement/platform';
import { MailDeliveryError } from '../mail/mailer';
import type { NotifierMetrics } from '../metrics';
import { retryDelayMs, workId, workKey, type DeadLetterMessage, type RetryMessage, type WorkItem } from './work';

export class UnreadableMessageError extends Error {
  override readonly name = 'UnreadableMessageError';
}

const reasonOf = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);

/** Whether trying again can help: not for a refusal by the SMTP server (5xx) or a message that is not an event. */
export const isPermanent = (error: unknown): boolean => (error instanceof MailDeliveryError && error.permanent) || error instanceof UnreadableMessageError;

/**
 * Where failed work goes: to the retry topic with its next try's earliest time, or after the last try
 * (or a permanent failure) to the dead-letter topic. Nothing is dropped: if the broker refuses, the
 * error propagates and the work's own message is not committed.
 */
export class Failures {
  constructor(
    private readonly producer: Producer,
    private readonly topics: PlacementTopics,
    private readonly settings: { maxAttempts: number; retryBaseMs: number },
    private readonly metrics: NotifierMetrics,
    private readonly logger: Logger,
  ) {}

  /** Answers 'dead' when this was the last try. */
  async failed(item: WorkItem, attempt: number, error: unknown, firstFailedAt = new Date().toISOString()): Promise<'retry' | 'dead'> {
    const id = workId(item);
    const reason = reasonOf(error);
    const permanent = isPermanent(error);
    if (permanent || attempt >= this.settings.maxAttempts) {
      const correlationId = currentCorrelationId() ?? (item.kind === 'event' ? item.event.metadata.correlationId : undefined) ?? null;
      const letter: DeadLetterMessage = { id, item, correlationId, attempts: attempt, reason, permanent, firstFailedAt, deadAt: new Date().toISOString() };
      const headers = { 'work-id': id, ...(correlationId ? { [RELAY_HEADERS.correlationId]: correlationId } : {}) };
      await this.producer.send({ topic: this.topics.dlq, acks: -1, messages: [{ key: workKey(item), value: JSON.stringify(letter), headers }] });
      this.metrics.deadLetters.inc();
      this.logger.error({ workId: id, attempt, reason, permanent }, 'notifier work failed for the last time; moved to the dead-letter topic');
      return 'dead';
    }
    const notBefore = new Date(Date.now() + retryDelayMs(attempt, this.settings.retryBaseMs)).toISOString();
    await this.retry({ id, item, attempt: attempt + 1, notBefore, reason, firstFailedAt });
    this.logger.warn({ workId: id, attempt, reason, notBefore }, 'notifier work failed; it will be tried again');
    return 'retry';
  }

  /** A fresh round of tries for a dead letter, starting now. */
  async requeue(item: WorkItem, reason: string): Promise<void> {
    const now = new Date().toISOString();
    await this.retry({ id: workId(item), item, attempt: 1, notBefore: now, reason, firstFailedAt: now });
  }

  private async retry(message: RetryMessage): Promise<void> {
    await this.producer.send({ topic: this.topics.retry, acks: -1, messages: [{ key: workKey(message.item), value: JSON.stringify(message), headers: { 'work-id': message.id } }] });
    this.metrics.retries.inc();
  }
}
