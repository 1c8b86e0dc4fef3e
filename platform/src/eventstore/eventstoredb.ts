import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError as EsdbStreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type CurrentRevision as EsdbCurrentRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  EventIdConflictError,
  WrongExpectedRevisionError,
  type AppendResult,
  type CurrentRevision,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from './port';
import { assertValidAppend, assertValidReadAll, assertValidReadStream } from './rules';

/** EventStoreDB has no schema-version field, so it travels in the metadata JSON under this reserved key. */
const SCHEMA_VERSION_KEY = 'schemaVersion';
const PAGE_SIZE = 500;

type AnyResolvedEvent = ResolvedEvent | AllStreamResolvedEvent;

/**
 * Event store on EventStoreDB / KurrentDB. Global positions are the commit positions of $all as numbers.
 * To resume from a number we rebuild a Position with prepare = commit: true for every event written by
 * a plain append since EventStoreDB 20 (explicit multi-request transactions, which we never use, are
 * the only writes where the two differ).
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<EventStoreDbSubscription>();
  private closing: Promise<void> | undefined;

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    assertValidAppend(streamId, events, expected);
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toEsdbExpectedRevision(expected),
      });
      const nextRevision = Number(result.nextExpectedRevision);
      // The server answers an idempotent repeat without a position; the stored event still has one.
      const position = result.position ? Number(result.position.commit) : await this.positionOf(streamId, nextRevision);
      return { nextRevision, position };
    } catch (error) {
      throw await this.translateAppendError(error, streamId, events, expected);
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    assertValidReadStream(streamId, options);
    if (options.maxCount === 0) return [];
    const backward = options.direction === 'backward';
    const read = this.client.readStream(streamId, {
      direction: backward ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision === undefined ? (backward ? END : START) : BigInt(options.fromRevision),
      ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
    });
    try {
      const events: RecordedEvent[] = [];
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
      return events;
    } catch (error) {
      if (error instanceof EsdbStreamNotFoundError) return [];
      throw error;
    }
  }

  /** $all holds system events too, so it is read in pages until enough of ours are found. */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    assertValidReadAll(options);
    const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
    const backward = options.direction === 'backward';
    const found: RecordedEvent[] = [];
    let cursor: ReadPosition = options.fromPosition === undefined ? (backward ? END : START) : positionFromNumber(options.fromPosition);
    let boundary = options.fromPosition;
    while (found.length < wanted) {
      const page = await this.readAllPage(cursor, backward);
      for (const resolved of page) {
        const commit = Number(positionOfResolved(resolved).commit);
        const beyondBoundary = boundary === undefined || (backward ? commit < boundary : commit > boundary);
        const event = beyondBoundary ? toRecordedEvent(resolved) : undefined;
        if (event && found.length < wanted) found.push(event);
      }
      const last = page[page.length - 1];
      if (page.length < PAGE_SIZE || !last) break;
      cursor = positionOfResolved(last);
      boundary = Number(cursor.commit);
    }
    return found;
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    const stream = this.client.subscribeToAll({
      fromPosition: options.fromPosition === undefined ? START : positionFromNumber(options.fromPosition),
      filter: excludeSystemEvents(),
    });
    const subscription = new EventStoreDbSubscription(stream, options, (finished) => this.subscriptions.delete(finished));
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<number> {
    const [last] = await this.readAll({ direction: 'backward', maxCount: 1 });
    return last?.position ?? 0;
  }

  /** Idempotent: later calls wait for the first one. */
  close(): Promise<void> {
    this.closing ??= this.closeOnce();
    return this.closing;
  }

  private async closeOnce(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  private async readAllPage(fromPosition: ReadPosition, backward: boolean): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    const read = this.client.readAll({ fromPosition, direction: backward ? BACKWARDS : FORWARDS, maxCount: PAGE_SIZE });
    for await (const resolved of read) page.push(resolved);
    return page;
  }

  private async positionOf(streamId: string, revision: number): Promise<number> {
    const [event] = await this.readStream(streamId, { direction: 'backward', fromRevision: revision, maxCount: 1 });
    if (!event) throw new Error(`Stream ${streamId}: no event at revision ${revision} right after appending it`);
    return event.position;
  }

  /**
   * EventStoreDB reports a partial repeat of earlier event ids as a wrong expected version; the port calls
   * that an event id conflict, so the events where this append would have gone are compared by id.
   */
  private async translateAppendError(
    error: unknown,
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<unknown> {
    if (!(error instanceof WrongExpectedVersionError)) return error;
    const actual = fromEsdbCurrentRevision(error.actualVersion);
    const firstRevision = expected === 'no_stream' ? 0 : typeof expected === 'number' ? expected + 1 : undefined;
    if (firstRevision !== undefined && actual !== 'no_stream') {
      const window = await this.readStream(streamId, { fromRevision: firstRevision, maxCount: events.length });
      const ids = new Set(events.map((event) => event.eventId.toLowerCase()));
      const known = window.map((event) => event.eventId.toLowerCase()).filter((id) => ids.has(id));
      if (known.length > 0) return new EventIdConflictError(streamId, known);
    }
    return new WrongExpectedRevisionError(streamId, expected, actual);
  }
}

/** Delivers a server-side catch-up subscription one awaited event at a time. */
class EventStoreDbSubscription implements Subscription {
  private stopped = false;
  private readonly finished: Promise<void>;

  constructor(
    private readonly stream: AllStreamSubscription,
    private readonly options: SubscribeToAllOptions,
    private readonly onFinished: (subscription: EventStoreDbSubscription) => void,
  ) {
    this.finished = this.run();
  }

  async stop(): Promise<void> {
    await this.cancel();
    await this.finished;
  }

  private async cancel(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.stream.unsubscribe().catch(() => undefined);
    // Cancelling the gRPC call does not end the readable side, which the delivery loop is iterating.
    this.stream.destroy();
  }

  private async run(): Promise<void> {
    try {
      await this.deliver(this.options.fromPosition ?? 0);
      if (!this.stopped) throw new Error('EventStoreDB ended the subscription');
    } catch (error) {
      if (!this.stopped) reportError(this.options, error);
    } finally {
      await this.cancel();
      this.onFinished(this);
    }
  }

  private async deliver(fromPosition: number): Promise<void> {
    let checkpoint = fromPosition;
    for await (const resolved of this.stream) {
      if (this.stopped) return;
      const event = toRecordedEvent(resolved);
      // The start position is exclusive on the server already; this also guards a resumed duplicate.
      if (!event || event.position <= checkpoint) continue;
      await this.options.onEvent(event);
      checkpoint = event.position;
    }
  }
}

function reportError(options: SubscribeToAllOptions, error: unknown): void {
  if (options.onError) options.onError(error);
  else console.error('Event store subscription ended with an error', error);
}

function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

function fromEsdbCurrentRevision(actual: EsdbCurrentRevision): CurrentRevision {
  return actual === NO_STREAM ? 'no_stream' : Number(actual);
}

function positionFromNumber(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

function positionOfResolved(resolved: AnyResolvedEvent): Position {
  const position = resolved.event?.position;
  if (position) return position;
  if (resolved.commitPosition !== undefined) return { commit: resolved.commitPosition, prepare: resolved.commitPosition };
  throw new Error('EventStoreDB returned an event without a position (a server older than 22.6?)');
}

function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.eventId,
    type: event.type,
    // Any JSON value serializes; the client's type only names the common shapes.
    data: event.data as JSONType,
    metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: event.schemaVersion },
  });
}

function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

/** Ours, or undefined for what the port never exposes: system events, and events not written as JSON. */
function toRecordedEvent(resolved: AnyResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || !event.isJson || isSystemEvent(event.streamId, event.type)) return undefined;
  const { [SCHEMA_VERSION_KEY]: schemaVersion, ...metadata } = metadataObject(event.metadata);
  return {
    eventId: event.id,
    type: event.type,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    data: event.data,
    metadata: metadata as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: Number(positionOfResolved(resolved).commit),
  };
}

function metadataObject(metadata: unknown): Record<string, unknown> {
  const isPlainObject = typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) && !(metadata instanceof Uint8Array);
  return isPlainObject ? (metadata as Record<string, unknown>) : {};
}
