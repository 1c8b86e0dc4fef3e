import type { Env } from '../config';
import { EventStoreDbEventStore } from './eventstoredb';
import type { EventStore } from './port';
import { PostgresEventStore } from './postgres';

export * from './port';
export { isolatedPostgresStore } from './isolated';
export { EventStoreDbEventStore } from './eventstoredb';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres';

/**
 * The store of this deployment: EventStoreDB when EVENTSTORE_CONNECTION_STRING is set (production stack),
 * else PostgreSQL at POSTGRES_URL (local stack, CI), in POSTGRES_SCHEMA when set, whose table is created here if missing.
 */
export async function createEventStore(
  env: Pick<Env, 'EVENTSTORE_CONNECTION_STRING' | 'POSTGRES_URL'> & Partial<Pick<Env, 'POSTGRES_SCHEMA'>>,
): Promise<EventStore> {
  if (env.EVENTSTORE_CONNECTION_STRING) return new EventStoreDbEventStore(env.EVENTSTORE_CONNECTION_STRING);
  const store = new PostgresEventStore({ connectionString: env.POSTGRES_URL, ...(env.POSTGRES_SCHEMA ? { schema: env.POSTGRES_SCHEMA } : {}) });
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
