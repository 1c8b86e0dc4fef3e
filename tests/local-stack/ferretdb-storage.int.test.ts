import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { pointsElsewhere } from '../../infra/local/server';
import { loadEnv } from '../../platform/src/config/env';
import { LOCAL_STACK } from '../../platform/src/config/local-stack';

const env = loadEnv();
// Only the local stack's FerretDB keeps documents in PostgreSQL tables whose storage this sets.
const describeOnFerretDb = pointsElsewhere(process.env, 'MONGODB_URL') ? describe.skip : describe;

describeOnFerretDb("the local FerretDB's documents up to a page are stored uncompressed (ferretdb-storage.sql)", () => {
  const database = `storage_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const mongo = new MongoClient(env.MONGODB_URL, { directConnection: true });
  const backendUrl = new URL(env.POSTGRES_URL);
  backendUrl.pathname = `/${LOCAL_STACK.ferretdb.postgresDatabase}`;
  const backend = new pg.Client({ connectionString: backendUrl.toString() });

  beforeAll(async () => {
    await Promise.all([mongo.connect(), backend.connect()]);
  });
  afterAll(async () => {
    await mongo.db(database).dropDatabase().catch(() => undefined);
    await Promise.all([mongo.close(), backend.end()]);
  });

  /** The collection's table: its storage options, and how each document is stored (compression method or null). */
  const storageOf = async (collection: string) => {
    const { rows: tables } = await backend.query<{ table: string; options: string[] | null }>(
      `select c.relname as table, c.reloptions as options from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind = 'r' and c.relname like $2`,
      [database, `${collection}\\_%`],
    );
    const table = tables[0]!;
    const { rows } = await backend.query<{ id: string; compression: string | null }>(
      `select _jsonb ->> '_id' as id, pg_column_compression(_jsonb) as compression from ${backend.escapeIdentifier(database)}.${backend.escapeIdentifier(table.table)} order by 1`,
    );
    return { options: table.options ?? [], compression: Object.fromEntries(rows.map((row) => [row.id, row.compression])) };
  };

  it('sets the largest tuple target on a new collection, so a 5 KB document is stored as it is and a larger one compressed', async () => {
    // Text that compresses well: PostgreSQL compressed such a document past about 2 KB before.
    const text = (bytes: number) => 'software engineer, pune; '.repeat(Math.ceil(bytes / 25)).slice(0, bytes);
    await mongo.db(database).collection<{ _id: string; description: string }>('jobs').insertMany([
      { _id: 'small', description: text(100) },
      { _id: 'five-kb', description: text(5_000) },
      { _id: 'twenty-kb', description: text(20_000) },
    ]);

    const storage = await storageOf('jobs');

    expect(storage.options).toContain('toast_tuple_target=8160');
    expect(storage.compression).toEqual({ 'five-kb': null, small: null, 'twenty-kb': 'pglz' });
    expect(await mongo.db(database).collection('jobs').countDocuments({ description: { $regex: 'engineer, pune' } })).toBe(3);
  });
});
