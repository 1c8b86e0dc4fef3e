import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadEnv } from '../config';
import { collect, describeEventStoreContract, testEvent, waitUntil } from './contract';
import { isolatedPostgresStore } from './isolated';
import type { PostgresEventStore, PostgresEventStoreOptions } from './postgres';

const { POSTGRES_URL } = loadEnv();

describeEventStoreContract('PostgreSQL', async () => {
  const isolated = await isolatedPostgresStore(POSTGRES_URL, { batchSize: 50 });
  return { store: isolated.store, connectAnother: async () => isolated.open(), dispose: isolated.dispose };
});

describe('PostgreSQL event store specifics', () => {
  let isolated: Awaited<ReturnType<typeof isolatedPostgresStore>>;
  const opened: PostgresEventStore[] = [];
  const open = (options: Partial<PostgresEventStoreOptions> = {}) => {
    const store = isolated.open(options);
    opened.push(store);
    return store;
  };
  let store: PostgresEventStore;

  beforeAll(async () => {
    isolated = await isolatedPostgresStore(POSTGRES_URL, { batchSize: 50 });
    store = isolated.store;
  });
  afterAll(async () => {
    await Promise.all(opened.map((each) => each.close()));
    await isolated.dispose();
  });

  it('migrates idempotently, also from several processes at once', async () => {
    await Promise.all([store.migrate(), open().migrate(), open().migrate()]);
    await expect(store.append(`job-${randomUUID()}`, [testEvent()], 'no_stream')).resolves.toBeDefined();
  });

  it('never delivers a later commit while an earlier append transaction is still open', async () => {
    const slowStream = `job-slow-${randomUUID()}`;
    const fastStream = `job-fast-${randomUUID()}`;
    const transactionHeld = deferred();
    const releaseCommit = deferred();
    const slowStore = open({
      beforeCommit: async () => {
        transactionHeld.resolve();
        await releaseCommit.promise;
      },
    });
    // A subscriber that polls every 50 ms, whose reads the test counts.
    const watcher = open({ pollIntervalMs: 50 });
    const reads = jest.spyOn(watcher, 'readAll');
    const collector = collect(watcher, await store.headPosition(), (event) => [slowStream, fastStream].includes(event.streamId));
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    const appendsQueuedOnTheLock = async () => {
      const { rows } = await admin.query<{ queued: string }>(
        `SELECT count(*) AS queued FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
        [`eventstore-${isolated.schema}`],
      );
      return Number(rows[0]?.queued) > 0;
    };
    try {
      const slowAppend = slowStore.append(slowStream, [testEvent()], 'no_stream');
      await transactionHeld.promise;
      let fastCommitted = false;
      const fastAppend = store.append(fastStream, [testEvent()], 'no_stream').then((result) => {
        fastCommitted = true;
        return result;
      });

      // The fast append waits on the lock; the subscriber then looks three times and must find nothing.
      await waitUntil(appendsQueuedOnTheLock, 10_000, () => 'the second append never queued on the append lock');
      const looked = reads.mock.calls.length;
      await waitUntil(() => reads.mock.calls.length >= looked + 3, 10_000, () => 'the subscriber stopped polling');
      expect(fastCommitted).toBe(false);
      expect(collector.events).toEqual([]);

      releaseCommit.resolve();
      const [slow, fast] = await Promise.all([slowAppend, fastAppend]);
      expect(slow.position).toBeLessThan(fast.position);
      await collector.waitForCount(2);
      expect(collector.events.map((event) => event.streamId)).toEqual([slowStream, fastStream]);
    } finally {
      releaseCommit.resolve();
      await collector.subscription.stop();
      await watcher.close();
      await admin.end();
    }
  });

  it('passes over the gap a rolled-back append leaves, without waiting for it', async () => {
    const failingStream = `job-failing-${randomUUID()}`;
    const laterStream = `job-later-${randomUUID()}`;
    const failingStore = open({
      beforeCommit: async () => {
        throw new Error('crash before commit');
      },
    });
    const collector = collect(store, await store.headPosition(), (event) => [failingStream, laterStream].includes(event.streamId));
    try {
      await expect(failingStore.append(failingStream, [testEvent(), testEvent()], 'no_stream')).rejects.toThrow('crash before commit');
      await store.append(laterStream, [testEvent()], 'no_stream');
      await collector.waitForCount(1);
      expect(collector.events.map((event) => event.streamId)).toEqual([laterStream]);
      expect(await store.readStream(failingStream)).toEqual([]);
    } finally {
      await collector.subscription.stop();
    }
  });

  it('keeps delivering when the LISTEN connection is killed (polling, then reconnect)', async () => {
    const streamId = `job-${randomUUID()}`;
    const collector = collect(store, await store.headPosition(), (event) => event.streamId === streamId);
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    try {
      await store.append(streamId, [testEvent()], 'no_stream');
      await collector.waitForCount(1);
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`,
        [`eventstore-listener-${isolated.schema}`],
      );
      expect(killed.rowCount).toBe(1);
      await store.append(streamId, [testEvent()], 0);
      await collector.waitForCount(2);
    } finally {
      await admin.end();
      await collector.subscription.stop();
    }
  });

  it('close() stops its subscriptions', async () => {
    const streamId = `job-${randomUUID()}`;
    // Both poll every 50 ms: by the time the watcher has looked three times after the append, a
    // subscription of the closed store that still ran would have looked too.
    const closing = open({ pollIntervalMs: 50 });
    const watcher = open({ pollIntervalMs: 50 });
    const closingReads = jest.spyOn(closing, 'readAll');
    const watcherReads = jest.spyOn(watcher, 'readAll');
    const collector = collect(closing, await store.headPosition(), (event) => event.streamId === streamId);
    const live = collect(watcher, await store.headPosition(), (event) => event.streamId === streamId);
    try {
      await store.append(streamId, [testEvent()], 'no_stream');
      await collector.waitForCount(1);
      await closing.close();
      const readsWhenClosed = closingReads.mock.calls.length;
      await store.append(streamId, [testEvent()], 0);
      await live.waitForCount(2);
      const looked = watcherReads.mock.calls.length;
      await waitUntil(() => watcherReads.mock.calls.length >= looked + 3);
      expect(collector.events).toHaveLength(1);
      expect(closingReads.mock.calls.length).toBe(readsWhenClosed);
    } finally {
      await watcher.close();
    }
  });

  it('reads whole streams that are asked for at once in shared queries: each caller its own events, each seeing what was appended before it asked', async () => {
    const streams = Array.from({ length: 5 }, () => `application-batched-${randomUUID()}`);
    await Promise.all(streams.map((streamId, index) => store.append(streamId, Array.from({ length: index + 1 }, () => testEvent()), 'no_stream')));
    const queries = jest.spyOn(pg.Pool.prototype, 'query');
    try {
      // Each stream twice, and one that does not exist, all in the same tick.
      const missing = `application-batched-${randomUUID()}`;
      const reads = await Promise.all([...streams, ...streams, missing].map((streamId) => store.readStream(streamId)));
      expect(reads.map((events) => events.length)).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 0]);
      reads.slice(0, 10).forEach((events, index) => expect(events.map((event) => event.streamId)).toEqual(events.map(() => streams[index % 5])));
      expect(reads[0]).toEqual(reads[5]);
      expect(reads[0]![0]!.data).not.toBe(reads[5]![0]!.data);
      expect(queries.mock.calls.length).toBeLessThan(11);
      // A read asked for after an append returns sees it, also while other reads are in flight.
      const [, afterAppend] = await Promise.all([
        store.readStream(streams[0]!),
        store.append(streams[0]!, [testEvent()], 0).then(() => store.readStream(streams[0]!)),
      ]);
      expect(afterAppend).toHaveLength(2);
    } finally {
      queries.mockRestore();
    }
  });
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
