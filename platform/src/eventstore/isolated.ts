import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres';

/**
 * A PostgreSQL event store in a schema of its own, for tests and benchmarks that must not see
 * anybody else's events; `dispose` closes it and drops the schema.
 */
export async function isolatedPostgresStore(
  connectionString: string,
  options: Partial<PostgresEventStoreOptions> = {},
): Promise<{ store: PostgresEventStore; schema: string; open: (extra?: Partial<PostgresEventStoreOptions>) => PostgresEventStore; dispose: () => Promise<void> }> {
  const schema = `es_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const open = (extra: Partial<PostgresEventStoreOptions> = {}) => new PostgresEventStore({ connectionString, schema, ...options, ...extra });
  const store = open();
  await store.migrate();
  const dispose = async () => {
    await store.close();
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  };
  return { store, schema, open, dispose };
}
