import { loadEnv } from '../config';
import { EventStoreDbEventStore, PostgresEventStore, createEventStore } from './index';

describe('createEventStore', () => {
  const env = loadEnv();

  it('picks PostgreSQL at POSTGRES_URL when no EventStoreDB connection string is set, with its table ready', async () => {
    const store = await createEventStore({ POSTGRES_URL: env.POSTGRES_URL, EVENTSTORE_CONNECTION_STRING: undefined });
    try {
      expect(store).toBeInstanceOf(PostgresEventStore);
      await expect(store.headPosition()).resolves.toBeGreaterThanOrEqual(0);
    } finally {
      await store.close();
    }
  });

  it('picks EventStoreDB when EVENTSTORE_CONNECTION_STRING is set (the client connects lazily)', async () => {
    const store = await createEventStore({
      POSTGRES_URL: env.POSTGRES_URL,
      EVENTSTORE_CONNECTION_STRING: 'esdb://127.0.0.1:2113?tls=false',
    });
    expect(store).toBeInstanceOf(EventStoreDbEventStore);
    await store.close();
  });
});
