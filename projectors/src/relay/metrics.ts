import { Counter, Gauge, type EventStore, type Registry } from '@placement/platform';
import type { KafkaRelay } from './relay';

/** Relay progress on /metrics: the acknowledged position, events behind the head of the log, events published. */
export function registerRelayMetrics(registry: Registry, store: EventStore, relay: KafkaRelay): void {
  const behind = new Gauge({ name: 'relay_lag_events', help: 'Events appended but not yet acknowledged by Kafka', registers: [registry] });
  const published = new Counter({
    name: 'relay_events_published_total',
    help: 'Events the broker acknowledged (a republished batch counts again)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(relay.progress.published);
    },
  });
  const position = new Gauge({
    name: 'relay_position',
    help: 'Global position of the last event Kafka acknowledged',
    registers: [registry],
    async collect() {
      const head = await store.headPosition();
      const progress = relay.progress;
      this.set(progress.position);
      behind.set(Math.max(0, head - progress.position));
    },
  });
  void published;
  void position;
}
