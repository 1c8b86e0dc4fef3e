import { randomUUID } from 'node:crypto';
import {
  isEventIdConflictError,
  isWrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './port';

/**
 * The behaviour every EventStore adapter must show, as one jest suite. Tests only look at streams they
 * created (a unique prefix per suite run) and at positions after the head they saw, so the suite also
 * runs against a server that holds other data (though nothing else should write to it meanwhile).
 */
export interface EventStoreFixture {
  store: EventStore;
  /** A separate client of the same store, as another process would have; the suite closes it. */
  connectAnother(): Promise<EventStore>;
  /** Closes the store and removes whatever the fixture created. */
  dispose(): Promise<void>;
}

const LIVE_DELIVERY_TIMEOUT_MS = 10_000;

export function describeEventStoreContract(name: string, createFixture: () => Promise<EventStoreFixture>): void {
  describe(`${name} — event store contract`, () => {
    let fixture: EventStoreFixture | undefined;
    const currentFixture = (): EventStoreFixture => {
      if (!fixture) throw new Error('fixture not created');
      return fixture;
    };
    const store = (): EventStore => currentFixture().store;
    /** The store plus separate clients of it, so that appends also race across "processes". */
    const withOtherClients = async <T>(count: number, use: (stores: EventStore[]) => Promise<T>): Promise<T> => {
      const others = await Promise.all(Array.from({ length: count }, () => currentFixture().connectAnother()));
      try {
        return await use([store(), ...others]);
      } finally {
        await Promise.all(others.map((other) => other.close()));
      }
    };
    const prefix = `contract${randomUUID().slice(0, 8)}`;
    const newStreamId = (kind = 'job') => `${kind}-${prefix}-${randomUUID()}`;
    const ours = (event: RecordedEvent) => event.streamId.includes(`-${prefix}-`);

    beforeAll(async () => {
      fixture = await createFixture();
    });
    afterAll(async () => {
      await fixture?.dispose();
    });

    describe('append with an expected revision', () => {
      it('no_stream creates a stream once and reports the actual revision on a second try', async () => {
        const streamId = newStreamId('user');
        await expect(store().append(streamId, [testEvent(), testEvent()], 'no_stream')).resolves.toMatchObject({
          nextRevision: 1,
        });
        const conflict = await store().append(streamId, [testEvent()], 'no_stream').catch((error: unknown) => error);
        expect(isWrongExpectedRevisionError(conflict)).toBe(true);
        expect(conflict).toMatchObject({ streamId, expected: 'no_stream', actual: 1 });
      });

      it('any appends whether or not the stream exists', async () => {
        const streamId = newStreamId();
        await expect(store().append(streamId, [testEvent()], 'any')).resolves.toMatchObject({ nextRevision: 0 });
        await expect(store().append(streamId, [testEvent()], 'any')).resolves.toMatchObject({ nextRevision: 1 });
      });

      it('stream_exists refuses a missing stream and accepts an existing one', async () => {
        const streamId = newStreamId();
        const conflict = await store().append(streamId, [testEvent()], 'stream_exists').catch((error: unknown) => error);
        expect(isWrongExpectedRevisionError(conflict)).toBe(true);
        expect(conflict).toMatchObject({ streamId, expected: 'stream_exists', actual: 'no_stream' });
        await store().append(streamId, [testEvent()], 'no_stream');
        await expect(store().append(streamId, [testEvent()], 'stream_exists')).resolves.toMatchObject({ nextRevision: 1 });
      });

      it('an exact revision succeeds when current and conflicts, with the actual revision, when stale', async () => {
        const streamId = newStreamId();
        const first = await store().append(streamId, [testEvent(), testEvent(), testEvent()], 'no_stream');
        expect(first.nextRevision).toBe(2);
        const second = await store().append(streamId, [testEvent()], first.nextRevision);
        expect(second.nextRevision).toBe(3);
        const conflict = await store().append(streamId, [testEvent()], first.nextRevision).catch((error: unknown) => error);
        expect(isWrongExpectedRevisionError(conflict)).toBe(true);
        expect(conflict).toMatchObject({ streamId, expected: 2, actual: 3 });
        const missing = await store().append(newStreamId(), [testEvent()], 0).catch((error: unknown) => error);
        expect(missing).toMatchObject({ expected: 0, actual: 'no_stream' });
      });

      it('a conflicting append writes nothing', async () => {
        const streamId = newStreamId();
        await store().append(streamId, [testEvent()], 'no_stream');
        await expect(store().append(streamId, [testEvent(), testEvent()], 5)).rejects.toThrow();
        expect(await store().readStream(streamId)).toHaveLength(1);
      });

      it('returns the global position of the last appended event', async () => {
        const streamId = newStreamId();
        const result = await store().append(streamId, [testEvent(), testEvent()], 'no_stream');
        const events = await store().readStream(streamId);
        expect(result.position).toBe(events[1]?.position);
        expect(events[0]!.position).toBeLessThan(events[1]!.position);
        expect(await store().headPosition()).toBeGreaterThanOrEqual(result.position);
      });

      it('rejects invalid input before writing anything', async () => {
        const streamId = newStreamId();
        await expect(store().append(streamId, [], 'any')).rejects.toThrow(TypeError);
        await expect(store().append(streamId, [{ ...testEvent(), eventId: 'not-a-uuid' }], 'any')).rejects.toThrow(TypeError);
        const repeated = testEvent();
        await expect(store().append(streamId, [repeated, repeated], 'any')).rejects.toThrow(TypeError);
        await expect(store().append('$system', [testEvent()], 'any')).rejects.toThrow(TypeError);
        expect(await store().readStream(streamId)).toEqual([]);
      });

      it('concurrent appends to one stream at the same exact revision: exactly one wins', async () => {
        const streamId = newStreamId('application');
        await store().append(streamId, [testEvent()], 'no_stream');
        const outcomes = await withOtherClients(3, (stores) =>
          Promise.allSettled(
            Array.from({ length: 12 }, (_, index) => stores[index % stores.length]!.append(streamId, [testEvent()], 0)),
          ),
        );
        const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
        expect(winners).toHaveLength(1);
        expect(losers.every((error) => isWrongExpectedRevisionError(error) && error.actual === 1)).toBe(true);
        expect(await store().readStream(streamId)).toHaveLength(2);
      });
    });

    describe('idempotent append by event id', () => {
      it('repeating an append returns the original result and writes nothing', async () => {
        const streamId = newStreamId();
        const events = [testEvent(), testEvent()];
        const original = await store().append(streamId, events, 'no_stream');
        await expect(store().append(streamId, events, 'no_stream')).resolves.toEqual(original);
        const later = testEvent();
        const next = await store().append(streamId, [later], original.nextRevision);
        await expect(store().append(streamId, [later], original.nextRevision)).resolves.toEqual(next);
        expect(await store().readStream(streamId)).toHaveLength(3);
      });

      it('rejects a mix of stored and new event ids', async () => {
        const streamId = newStreamId();
        const stored = testEvent();
        await store().append(streamId, [stored, testEvent()], 'no_stream');
        const conflict = await store().append(streamId, [stored, testEvent()], 'no_stream').catch((error: unknown) => error);
        expect(isEventIdConflictError(conflict)).toBe(true);
        expect(await store().readStream(streamId)).toHaveLength(2);
      });
    });

    describe('reading a stream', () => {
      it('keeps every field of the event', async () => {
        const streamId = newStreamId();
        const event = testEvent({ data: { title: 'Analyst', tags: ['a', 'b'], salary: null } });
        const withExtraMetadata = { ...event, metadata: { ...event.metadata, requestIp: '127.0.0.1' } };
        await store().append(streamId, [withExtraMetadata], 'no_stream');
        const [recorded] = await store().readStream(streamId);
        expect(recorded).toEqual({ ...withExtraMetadata, streamId, revision: 0, position: expect.any(Number) });
      });

      it('reads forward and backward, from a revision, up to a count', async () => {
        const streamId = newStreamId();
        await store().append(streamId, Array.from({ length: 6 }, (_, index) => testEvent({ data: { index } })), 'no_stream');
        const revisions = (events: RecordedEvent[]) => events.map((event) => event.revision);
        expect(revisions(await store().readStream(streamId))).toEqual([0, 1, 2, 3, 4, 5]);
        expect(revisions(await store().readStream(streamId, { direction: 'backward' }))).toEqual([5, 4, 3, 2, 1, 0]);
        expect(revisions(await store().readStream(streamId, { fromRevision: 2, maxCount: 3 }))).toEqual([2, 3, 4]);
        expect(revisions(await store().readStream(streamId, { direction: 'backward', fromRevision: 3, maxCount: 2 }))).toEqual([3, 2]);
        expect(revisions(await store().readStream(streamId, { direction: 'backward', maxCount: 1 }))).toEqual([5]);
        expect(revisions(await store().readStream(streamId, { fromRevision: 9 }))).toEqual([]);
        expect(await store().readStream(streamId, { maxCount: 0 })).toEqual([]);
      });

      it('reads a stream that does not exist as empty', async () => {
        expect(await store().readStream(newStreamId())).toEqual([]);
      });
    });

    describe('reading all events', () => {
      it('orders events by global position, forward and backward, with an exclusive start', async () => {
        const head = await store().headPosition();
        const streams = [newStreamId(), newStreamId(), newStreamId()];
        for (const [index, streamId] of [...streams, ...streams].entries()) {
          await store().append(streamId, [testEvent({ data: { index } })], 'any');
        }
        const forward = (await store().readAll({ fromPosition: head })).filter(ours);
        const appended = forward.filter((event) => streams.includes(event.streamId));
        expect(appended.map((event) => (event.data as { index: number }).index)).toEqual([0, 1, 2, 3, 4, 5]);
        expectStrictlyIncreasing(forward.map((event) => event.position));

        const second = appended[1]!;
        const afterSecond = await store().readAll({ fromPosition: second.position, maxCount: 2 });
        expect(afterSecond.map((event) => event.eventId)).toEqual(appended.slice(2, 4).map((event) => event.eventId));
        const beforeSecond = await store().readAll({ fromPosition: second.position, direction: 'backward', maxCount: 1 });
        expect(beforeSecond.map((event) => event.eventId)).toEqual([appended[0]!.eventId]);
        const newestFirst = await store().readAll({ direction: 'backward', maxCount: 1 });
        expect(newestFirst[0]!.position).toBe(appended[5]!.position);
      });

      it('reports the head position', async () => {
        const result = await store().append(newStreamId(), [testEvent()], 'no_stream');
        expect(await store().headPosition()).toBeGreaterThanOrEqual(result.position);
      });
    });

    describe('subscribing to all events', () => {
      it('from the start: delivers what already exists, then what comes', async () => {
        const streamId = newStreamId();
        await store().append(streamId, [testEvent(), testEvent()], 'no_stream');
        const collector = collect(store(), undefined, (event) => event.streamId === streamId);
        try {
          await collector.waitForCount(2);
          await store().append(streamId, [testEvent()], 1);
          await collector.waitForCount(3);
          expect(collector.events.map((event) => event.revision)).toEqual([0, 1, 2]);
        } finally {
          await collector.subscription.stop();
        }
      });

      it('from a checkpoint: delivers only what comes after it', async () => {
        const streamId = newStreamId();
        const checkpoint = await store().append(streamId, [testEvent(), testEvent()], 'no_stream');
        await store().append(streamId, [testEvent(), testEvent()], 1);
        const collector = collect(store(), checkpoint.position, (event) => event.streamId === streamId);
        try {
          await collector.waitForCount(2);
          expect(collector.events.map((event) => event.revision)).toEqual([2, 3]);
        } finally {
          await collector.subscription.stop();
        }
      });

      it('catches up, then goes live, delivering events appended during catch-up exactly once in order', async () => {
        const head = await store().headPosition();
        const streams = Array.from({ length: 5 }, () => newStreamId());
        await appendRoundRobin(store(), streams, 60);
        // Delivery holds after the 10th event until the second round is stored: that round is appended
        // while the subscriber is still catching up on the first.
        const secondRound = gate();
        const collector = collect(store(), head, ours, () => (collector.events.length >= 10 ? secondRound.passed : undefined));
        try {
          await collector.waitForCount(10);
          await appendRoundRobin(store(), streams, 60);
          secondRound.open();
          await collector.waitForCount(120);
          // Everything before the marker has been delivered once the marker has: no late duplicate.
          await store().append(newStreamId(), [testEvent()], 'no_stream');
          await collector.waitForCount(121);
          expect(collector.events).toHaveLength(121);
          expectStrictlyIncreasing(collector.events.map((event) => event.position));
          expect(collector.events.map((event) => event.eventId)).toEqual(
            (await store().readAll({ fromPosition: head })).filter(ours).map((event) => event.eventId),
          );
        } finally {
          await collector.subscription.stop();
        }
      }, 30_000);

      it('24 concurrent appenders over 4 clients while a subscriber runs: every event once, in order, no gap against readAll', async () => {
        const head = await store().headPosition();
        const collector = collect(store(), head, ours);
        const appenders = 24;
        const appendsEach = 15;
        try {
          await withOtherClients(3, (stores) =>
            Promise.all(
              Array.from({ length: appenders }, async (_, appender) => {
                const client = stores[appender % stores.length]!;
                for (let index = 0; index < appendsEach; index += 1) {
                  const streamId = newStreamId(index % 2 === 0 ? 'job' : 'application');
                  const batch = Array.from({ length: 1 + (index % 3) }, () => testEvent({ data: { appender, index } }));
                  await client.append(streamId, batch, 'no_stream');
                }
              }),
            ),
          );
          const expected = (await store().readAll({ fromPosition: head })).filter(ours);
          expect(expected).toHaveLength(appenders * (5 * 1 + 5 * 2 + 5 * 3));
          await collector.waitForCount(expected.length);
          // A marker appended after them: once it is delivered, so is every event before it, once.
          await store().append(newStreamId(), [testEvent()], 'no_stream');
          await collector.waitForCount(expected.length + 1);
          const delivered = collector.events.slice(0, -1);
          expect(collector.events).toHaveLength(expected.length + 1);
          expectStrictlyIncreasing(delivered.map((event) => event.position));
          expect(new Set(delivered.map((event) => event.eventId)).size).toBe(delivered.length);
          expect(delivered.map((event) => event.position)).toEqual(expected.map((event) => event.position));
        } finally {
          await collector.subscription.stop();
        }
      }, 60_000);

      it('stop() ends delivery', async () => {
        const streamId = newStreamId();
        const head = await store().headPosition();
        const collector = collect(store(), head, (event) => event.streamId === streamId);
        // A witness that keeps running: once it has the second event, a live subscription would have too.
        const witness = collect(store(), head, (event) => event.streamId === streamId);
        try {
          await store().append(streamId, [testEvent()], 'no_stream');
          await collector.waitForCount(1);
          await collector.subscription.stop();
          await store().append(streamId, [testEvent()], 0);
          await witness.waitForCount(2);
          expect(collector.events).toHaveLength(1);
        } finally {
          await witness.subscription.stop();
        }
      });

      it('ends with onError when the handler throws, without delivering further', async () => {
        const streamId = newStreamId();
        const errors: unknown[] = [];
        let calls = 0;
        const head = await store().headPosition();
        // A witness that keeps running: once it has both events, the failed subscription had its chance at the second.
        const witness = collect(store(), head, (event) => event.streamId === streamId);
        const subscription = store().subscribeToAll({
          fromPosition: head,
          onEvent: (event) => {
            if (event.streamId !== streamId) return;
            calls += 1;
            throw new Error('projection failed');
          },
          onError: (error) => errors.push(error),
        });
        try {
          await store().append(streamId, [testEvent(), testEvent()], 'no_stream');
          await waitUntil(() => errors.length > 0);
          await witness.waitForCount(2);
          expect(calls).toBe(1);
          expect(errors).toEqual([expect.objectContaining({ message: 'projection failed' })]);
        } finally {
          await subscription.stop();
          await witness.subscription.stop();
        }
      });
    });
  });
}

/** An event with valid metadata; override any field. */
export function testEvent(overrides: Partial<NewEvent> = {}): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'ContractTested',
    schemaVersion: 1,
    data: { at: Date.now() },
    metadata: {
      actorId: randomUUID(),
      actorRole: 'admin',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
    ...overrides,
  };
}

export interface Collector {
  events: RecordedEvent[];
  subscription: Subscription;
  waitForCount(count: number): Promise<void>;
}

/** Subscribes and keeps the delivered events that match; an optional hook slows each delivery down. */
export function collect(
  store: EventStore,
  fromPosition: number | undefined,
  keep: (event: RecordedEvent) => boolean,
  beforeEach?: () => Promise<void> | undefined,
): Collector {
  const events: RecordedEvent[] = [];
  let failure: unknown;
  const subscription = store.subscribeToAll({
    fromPosition,
    onEvent: async (event) => {
      await beforeEach?.();
      if (keep(event)) events.push(event);
    },
    onError: (error) => {
      failure = error;
    },
  });
  const waitForCount = async (count: number) => {
    await waitUntil(
      () => {
        if (failure) throw failure;
        return events.length >= count;
      },
      LIVE_DELIVERY_TIMEOUT_MS,
      () => `subscriber received ${events.length} of ${count} events`,
    );
  };
  return { events, subscription, waitForCount };
}

export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = LIVE_DELIVERY_TIMEOUT_MS,
  explain = () => 'condition not met',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`After ${timeoutMs} ms: ${explain()}`);
    await delay(10);
  }
}

/** A promise that settles when `open()` is called: a test holds work on it instead of sleeping. */
export function gate(): { passed: Promise<void>; open: () => void } {
  let open = () => {};
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function expectStrictlyIncreasing(values: number[]): void {
  const outOfOrder = values.findIndex((value, index) => index > 0 && value <= values[index - 1]!);
  expect(outOfOrder).toBe(-1);
}

async function appendRoundRobin(store: EventStore, streams: string[], count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await store.append(streams[index % streams.length]!, [testEvent({ data: { index } })], 'any');
  }
}
