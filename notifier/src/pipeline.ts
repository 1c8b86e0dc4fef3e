import { currentCorrelationId, withCorrelationId, type Logger, type RelayedEvent } from '@placement/platform';
import type { EventHandler, NotifierServices } from './handlers';
import { mailTimeOf } from './mail-since';
import type { NotifierMetrics } from './metrics';
import type { Failures } from './retry/failures';

/** Runs the handler of each relayed event; a failure goes to the retry topic and never blocks the partition. */
export class EventPipeline {
  constructor(
    private readonly handlers: ReadonlyMap<string, EventHandler>,
    private readonly services: NotifierServices,
    private readonly failures: Failures,
    private readonly metrics: NotifierMetrics,
    private readonly logger: Logger,
  ) {}

  private since = 0;

  /** Events from before this instant (the notifier's first start) are passed over. */
  mailSince(since: Date): void {
    this.since = since.getTime();
  }

  /**
   * Under the event's correlation id (the Kafka header's, when the consumer set it): every log line and
   * mail of the handling carries it. `receivedAt`: when its batch was fetched (`performance.now()`).
   */
  process(event: RelayedEvent, attempt: number, { firstFailedAt, receivedAt = performance.now() }: { firstFailedAt?: string; receivedAt?: number } = {}): Promise<void> {
    return withCorrelationId(currentCorrelationId() ?? event.metadata.correlationId, () => this.handle(event, attempt, receivedAt, firstFailedAt));
  }

  private async handle(event: RelayedEvent, attempt: number, receivedAt: number, firstFailedAt?: string): Promise<void> {
    const handler = this.handlers.get(event.type);
    if (!handler) return;
    if (mailTimeOf(event) < this.since) {
      this.metrics.eventsBeforeStart.inc({ type: event.type });
      return;
    }
    if (event.metadata.notify === false) {
      this.metrics.eventsRecordedSilently.inc({ type: event.type });
      return;
    }
    try {
      await handler.handle(event, { ...this.services, receivedAt });
      this.metrics.events.inc({ type: event.type });
      this.logger.debug({ eventId: event.eventId, type: event.type, attempt }, 'event handled');
    } catch (error) {
      await this.failures.failed({ kind: 'event', event }, attempt, error, firstFailedAt);
    }
  }
}
