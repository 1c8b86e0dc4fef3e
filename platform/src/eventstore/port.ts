/**
 * The event store port: the only way the services write state and follow the global log.
 * Two adapters implement it (EventStoreDB for production, PostgreSQL for the local stack and CI) and
 * one contract suite (`contract.ts`) holds both to the same behaviour.
 */

/** Who did what, why and when. Extra keys are allowed and kept. */
export interface EventMetadata {
  actorId: string | null;
  actorRole: string | null;
  /** The name of an actor that is not an account (the command line, start-up); accounts are named by their stream. */
  actorName?: string;
  correlationId: string;
  causationId: string | null;
  /** ISO 8601 instant, passed in by the caller (the domain has no clock). */
  occurredAt: string;
  /**
   * false: the event is history recorded after the fact (the demo season of `npm run demo`), which the
   * notifier mails nobody about. Absent on everything the portal records as it happens.
   */
  notify?: false;
  [extra: string]: unknown;
}

export interface NewEvent {
  /** UUID chosen by the caller; appending the same id again is idempotent. */
  eventId: string;
  type: string;
  schemaVersion: number;
  /** Any JSON value. */
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  streamId: string;
  /** 0-based position of the event inside its stream. */
  revision: number;
  /** Position in the global log: strictly increasing in commit order, always greater than 0. */
  position: number;
}

/**
 * - `no_stream`: the stream must not exist yet (creation, uniqueness on a deterministic stream id).
 * - `any`: no check.
 * - `stream_exists`: the stream must have at least one event.
 * - a number: the revision of the stream's last event must be exactly this.
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

/** What a stream is at when an append is checked: no event yet, or the revision of its last event. */
export type CurrentRevision = 'no_stream' | number;

export interface AppendResult {
  /** Revision of the last appended event: pass it as the expected revision of the next append. */
  nextRevision: number;
  /** Global position of the last appended event (what read-your-writes waits for). */
  position: number;
}

export type ReadDirection = 'forward' | 'backward';

export interface ReadStreamOptions {
  direction?: ReadDirection;
  /** Inclusive. Defaults to the first event (forward) or the last (backward). */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after (forward) or before (backward) this position. */
  fromPosition?: number;
  maxCount?: number;
  direction?: ReadDirection;
}

export interface SubscribeToAllOptions {
  /** Exclusive checkpoint: the last position already handled. Undefined means from the start. */
  fromPosition?: number;
  /** Awaited: the next event is delivered only after this settles, so delivery is strictly in order. */
  onEvent: (event: RecordedEvent) => Promise<void> | void;
  /** Called once when the subscription ends because of an error (a failing onEvent included). */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /**
   * Ends delivery and resolves once the event in flight, if any, has been handled.
   * Do not await it from inside onEvent (it would wait for itself); call it without awaiting there.
   */
  stop(): Promise<void>;
}

export interface EventStore {
  /** Appends atomically, checking the expected revision; throws WrongExpectedRevisionError on conflict. */
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; a stream that does not exist reads as empty (the initial state of an aggregate). */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up from the checkpoint, then live, without gaps or duplicates. */
  subscribeToAll(options: SubscribeToAllOptions): Subscription;
  /** Position of the last committed event, 0 when the store is empty. */
  headPosition(): Promise<number>;
  /** Stops every subscription and releases every connection. */
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: CurrentRevision,
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** Some but not all of the event ids of one append were already stored (or stored elsewhere). */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';

  constructor(
    readonly streamId: string,
    readonly knownEventIds: readonly string[],
  ) {
    super(`Stream ${streamId}: event ids already stored in a different append: ${knownEventIds.join(', ')}`);
  }
}

export function isWrongExpectedRevisionError(error: unknown): error is WrongExpectedRevisionError {
  return error instanceof WrongExpectedRevisionError;
}

export function isEventIdConflictError(error: unknown): error is EventIdConflictError {
  return error instanceof EventIdConflictError;
}
