import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pointsElsewhere } from '../../infra/local/server';
import { collectionOf, connectMongo, isolatedPostgresStore, loadEnv, type EventStore, type MongoConnection, type RecordedEvent } from '../../platform/src';
import { LOCAL_STACK } from '../../platform/src/config/local-stack';
import type { Projection } from '../../projectors/src/projection';
import { rebuildProjection } from '../../projectors/src/rebuild';
import { systemEvent } from '../../projectors/src/test-support';

const env = loadEnv();
// Only the local stack's FerretDB plans its queries with PostgreSQL's statistics.
const describeOnFerretDb = pointsElsewhere(process.env, 'MONGODB_URL') ? describe.skip : describe;

const cities: Projection = {
  name: 'test-rebuild-statistics',
  collections: ['places'],
  indexes: { places: [{ key: { city: 1, createdAt: -1 } }] },
  apply(event: RecordedEvent) {
    const data = event.data as { placeId: string; city: string; createdAt: string };
    return event.type === 'PlaceAdded' ? [{ kind: 'upsert', collection: 'places', id: data.placeId, update: { $set: { city: data.city, createdAt: data.createdAt } } }] : [];
  },
};

describeOnFerretDb('a rebuilt read model on the local FerretDB has the statistics of its index expressions', () => {
  const database = `test_rm_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  let mongo: MongoConnection;
  const backendUrl = new URL(env.POSTGRES_URL);
  backendUrl.pathname = `/${LOCAL_STACK.ferretdb.postgresDatabase}`;
  const backend = new pg.Client({ connectionString: backendUrl.toString() });

  beforeAll(async () => {
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(env.POSTGRES_URL));
    mongo = await connectMongo(env, database);
    await backend.connect();
  });
  afterAll(async () => {
    await mongo.db.dropDatabase().catch(() => undefined);
    await mongo.close();
    await backend.end();
    await disposeStore();
  });

  it('after the rebuild inserted its documents and built its indexes', async () => {
    // Fewer documents than autovacuum waits for before it analyses a table: only the rebuild's ANALYZE gives statistics.
    const places = Array.from({ length: 40 }, (_, i) => systemEvent('PlaceAdded', { placeId: `p${i}`, city: ['Pune', 'Mumbai', 'Delhi'][i % 3], createdAt: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}` }));
    await store.append('places', places, 'no_stream');

    const rebuilt = await rebuildProjection(cities, store, mongo.db, () => undefined, { graceMs: -1 });
    expect(rebuilt.method).toBe('fold');

    const { rows: metadata } = await backend.query<{ table: string; indexes: { pgindex: string; key: Record<string, number> }[] }>(
      `select _jsonb -> 'table' #>> '{}' as table, _jsonb -> 'indexes' as indexes from ${backend.escapeIdentifier(database)}._ferretdb_database_metadata where _jsonb ->> '_id' = $1`,
      [collectionOf('places', rebuilt.generation)],
    );
    const { table, indexes } = metadata[0]!;
    const cityIndex = indexes.find((index) => index.pgindex !== undefined && !index.pgindex.endsWith('_id_'))!.pgindex;

    const { rows: analysed } = await backend.query<{ last_analyze: Date | null }>(`select last_analyze from pg_stat_user_tables where schemaname = $1 and relname = $2`, [database, table]);
    expect(analysed[0]?.last_analyze).not.toBeNull();
    // An expression index's statistics are kept under the index's name, one row per expression.
    const { rows: expressionStats } = await backend.query<{ n: string }>(`select count(*) as n from pg_stats where schemaname = $1 and tablename = $2`, [database, cityIndex]);
    expect(Number(expressionStats[0]!.n)).toBeGreaterThan(0);
  }, 60_000);
});
