import type { RelayedEvent } from '@placement/platform';
import type { BulkRecipient } from '../bulk/bulk-sends';
import { recipientHash } from '../mail/identity';

/** A piece of the notifier's work that can fail, wait on the retry topic and end as a dead letter. */
export type WorkItem =
  /** Handling one relayed event (its single mail, or queueing its bulk send). */
  | { kind: 'event'; event: RelayedEvent }
  /** One recipient of a bulk send. */
  | { kind: 'recipient'; sendId: string; eventType: string; recipient: BulkRecipient }
  /** A message on an event topic that is not a relayed event at all. */
  | { kind: 'unreadable'; topic: string; partition: number; offset: string; key: string | null; value: string | null };

export interface RetryMessage {
  id: string;
  item: WorkItem;
  /** The number of the try this message asks for (2 after one failure). */
  attempt: number;
  /** ISO instant before which the try must not start. */
  notBefore: string;
  reason: string;
  firstFailedAt: string;
}

export interface DeadLetterMessage {
  id: string;
  item: WorkItem;
  /** Of the request behind the work (absent from letters written before it was recorded). */
  correlationId?: string | null;
  attempts: number;
  reason: string;
  /** The failure was not worth trying again (a refusal by the SMTP server, an unreadable message). */
  permanent: boolean;
  firstFailedAt: string;
  deadAt: string;
}

/** Names a piece of work the same way at every try: dead letters are listed and retried by it. */
export function workId(item: WorkItem): string {
  switch (item.kind) {
    case 'event':
      return `event.${item.event.eventId}`;
    case 'recipient':
      return `recipient.${item.sendId}.${recipientHash(item.recipient.email)}`;
    case 'unreadable':
      return `message.${item.topic}.${item.partition}.${item.offset}`;
  }
}

/** The key on the retry and dead-letter topics: the aggregate's stream where there is one. */
export function workKey(item: WorkItem): string {
  switch (item.kind) {
    case 'event':
      return item.event.streamId;
    case 'recipient':
      return item.sendId;
    case 'unreadable':
      return item.key ?? item.topic;
  }
}

/** Who the work was for and what caused it, for the dead-letter list. */
export function describeWork(item: WorkItem): { eventId: string | null; eventType: string | null; recipient: string | null } {
  switch (item.kind) {
    case 'event': {
      const email = (item.event.data as { email?: unknown } | null)?.email;
      return { eventId: item.event.eventId, eventType: item.event.type, recipient: typeof email === 'string' ? email : null };
    }
    case 'recipient':
      return { eventId: item.sendId, eventType: item.eventType, recipient: item.recipient.email };
    case 'unreadable':
      return { eventId: null, eventType: null, recipient: null };
  }
}

/** Wait before try `attempt + 1`: base, then three times longer each time, at most an hour. */
export const retryDelayMs = (attempt: number, baseMs: number): number => Math.min(baseMs * 3 ** (attempt - 1), 60 * 60 * 1000);
