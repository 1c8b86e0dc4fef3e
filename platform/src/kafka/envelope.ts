import type { IHeaders, KafkaMessage } from 'kafkajs';
import { z } from 'zod';
import type { EventMetadata, RecordedEvent } from '../eventstore';

/** What the relay publishes for each event: the recorded event without its secrets. */
export interface RelayedEvent {
  eventId: string;
  type: string;
  schemaVersion: number;
  streamId: string;
  revision: number;
  position: number;
  data: unknown;
  metadata: EventMetadata;
}

export const RELAY_HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  schemaVersion: 'schema-version',
  position: 'position',
  /** The correlation id of the request that caused the event (also in its metadata), for consumers and tools that read headers only. */
  correlationId: 'correlation-id',
} as const;

/**
 * Fields that never leave the event store. The notifier rebuilds a verification link from the user id,
 * the expiry and the shared secret, so it needs neither hash.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['passwordHash', 'tokenHash']);

/** A deep copy of a JSON value without any secret field, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_FIELDS.has(key)).map(([key, item]) => [key, withoutSecrets(item)]));
}

export function toRelayedEvent(event: RecordedEvent): RelayedEvent {
  const { eventId, type, schemaVersion, streamId, revision, position, data, metadata } = event;
  return { eventId, type, schemaVersion, streamId, revision, position, data: withoutSecrets(data), metadata };
}

/** The Kafka message of an event: keyed by stream (order per aggregate), identified in headers. */
export function relayMessage(event: RecordedEvent): { key: string; value: string; headers: IHeaders } {
  return {
    key: event.streamId,
    value: JSON.stringify(toRelayedEvent(event)),
    headers: {
      [RELAY_HEADERS.eventId]: event.eventId,
      [RELAY_HEADERS.eventType]: event.type,
      [RELAY_HEADERS.schemaVersion]: String(event.schemaVersion),
      [RELAY_HEADERS.position]: String(event.position),
      [RELAY_HEADERS.correlationId]: event.metadata.correlationId,
    },
  };
}

const relayedEventSchema = z.object({
  eventId: z.string().min(1),
  type: z.string().min(1),
  schemaVersion: z.number().int(),
  streamId: z.string().min(1),
  revision: z.number().int(),
  position: z.number().int(),
  data: z.unknown(),
  metadata: z.looseObject({ occurredAt: z.string() }),
});

/** The correlation id a relayed message carries: its header, else its event's metadata. */
export function correlationIdOfMessage(message: Pick<KafkaMessage, 'headers'>, event?: RelayedEvent): string | undefined {
  const header = message.headers?.[RELAY_HEADERS.correlationId];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && value !== null && String(value) !== '') return String(value);
  return event?.metadata.correlationId || undefined;
}

/** The event in a relayed message; throws on a message that is not one. */
export function parseRelayedEvent(message: Pick<KafkaMessage, 'value'>): RelayedEvent {
  if (!message.value) throw new Error('relayed message without a value');
  return relayedEventSchema.parse(JSON.parse(message.value.toString())) as RelayedEvent;
}
