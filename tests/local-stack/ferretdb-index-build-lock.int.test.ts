import { MongoClient, type Collection, type Document, type Filter } from 'mongodb';
import pg from 'pg';
import { pointsElsewhere } from '../../infra/local/server';
import { LOCAL_STACK } from '../../platform/src/config/local-stack';
import { startFerretdb, type FerretdbInstance } from '../support/ferretdb-variants';
import { until } from '../notifier/support';

// FerretDB 1.24 as released builds an index (createIndexes) while holding its registry's global lock,
// which every query and write of every database takes first: while PostgreSQL builds an index (16 s
// for the applications read model at scale 1) the whole server answers nothing. The project's patch
// (infra/local/servers/ferretdb-patches/unlocked-index-build.patch) plans and records the index under
// the lock and builds it without. Here a second PostgreSQL session holds the indexed collection's
// table (LOCK TABLE … IN EXCLUSIVE MODE, which lets reads through but not CREATE INDEX's SHARE lock),
// so the build waits in PostgreSQL for as long as the test wants; pg_locks tells when it waits. Without
// the patch the find on another collection below never answers: the test fails by its timeout (each
// test's lock is released after it, so a hung server recovers for the next one).
const describeOnLocalStack = pointsElsewhere(process.env, 'MONGODB_URL') ? describe.skip : describe;

const PG = LOCAL_STACK.postgres;
const DOCS = Array.from({ length: 3_000 }, (_, i) => ({ _id: i, k: i % 1_000, s: `doc ${i}` }));

describeOnLocalStack('FerretDB while PostgreSQL builds an index', () => {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  let server: FerretdbInstance;
  let mongo: MongoClient;
  /** Reads FerretDB's metadata and PostgreSQL's locks. */
  let backend: pg.Client;
  /** The sessions holding a table locked, each in a transaction of its own. */
  const lockers: pg.Client[] = [];

  const pgClient = async (): Promise<pg.Client> => {
    const client = new pg.Client({ host: PG.host, port: PG.port, user: PG.user, password: PG.password, database: server.postgresDatabase });
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    server = await startFerretdb('patched');
    mongo = await new MongoClient(server.url, { directConnection: true }).connect();
    backend = await pgClient();
  }, 600_000);

  // Ending a locker's session releases its lock, so whatever still waits on it (after a failure) finishes.
  afterEach(async () => {
    await Promise.all(lockers.splice(0).map((locker) => locker.end().catch(() => undefined)));
  });

  afterAll(async () => {
    await backend?.end().catch(() => undefined);
    await mongo?.close(true).catch(() => undefined);
    await server?.stop();
  });

  /** A collection with documents, in a database of this run. */
  const collectionWithDocs = async (db: string, name: string) => {
    const collection = mongo.db(`${db}_${run}`).collection<{ _id: number; k: number; s: string }>(name);
    await collection.insertMany(DOCS);
    return collection;
  };

  /** FerretDB's metadata of a collection, as stored in PostgreSQL (not its in-memory copy). */
  const storedMetadata = async (db: string, collection: string): Promise<{ table: string; indexes: { name: string; pgindex: string }[] } | undefined> => {
    const { rows } = await backend.query<{ _jsonb: { table: string; indexes: { name: string; pgindex: string }[] } }>(
      `SELECT _jsonb FROM ${pg.escapeIdentifier(db)}._ferretdb_database_metadata WHERE _jsonb ->> '_id' = $1`,
      [collection],
    );
    return rows[0]?._jsonb;
  };

  const tableOf = async (db: string, collection: string): Promise<string> => {
    const metadata = await storedMetadata(db, collection);
    if (metadata === undefined) throw new Error(`no metadata of ${db}.${collection}`);
    return `${pg.escapeIdentifier(db)}.${pg.escapeIdentifier(metadata.table)}`;
  };

  /** Whether a session waits (not granted) for a lock of this mode on the table. */
  const waitsFor = async (table: string, mode: 'ShareLock' | 'AccessExclusiveLock'): Promise<boolean> => {
    const { rows } = await backend.query(`SELECT 1 FROM pg_locks WHERE relation = $1::regclass AND mode = $2 AND NOT granted`, [table, mode]);
    return rows.length > 0;
  };

  /** Locks the table from another session until the returned function is called. */
  const lockTable = async (table: string): Promise<() => Promise<void>> => {
    const locker = await pgClient();
    lockers.push(locker);
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
    return async () => {
      await locker.query('COMMIT');
    };
  };

  /** The index names of each index of the PostgreSQL plan of a find. */
  const indexesScannedBy = async <T extends Document>(collection: Collection<T>, filter: Filter<T>): Promise<string[]> => {
    const names: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'Index Name' && typeof value === 'string') names.push(value);
          else walk(value);
        }
      }
    };
    walk((await collection.find(filter).explain()).queryPlanner);
    return names;
  };

  it('answers other collections and databases, and builds other collections’ indexes, until the build can run', async () => {
    const indexed = await collectionWithDocs('build', 'indexed');
    const other = await collectionWithDocs('build', 'other');
    const elsewhere = await collectionWithDocs('elsewhere', 'docs');
    const table = await tableOf(`build_${run}`, 'indexed');
    await backend.query(`ANALYZE ${table}`);
    expect(await indexesScannedBy(indexed, { k: 7 })).toEqual([]);

    const releaseTable = await lockTable(table);
    let building: Promise<string> | undefined;
    try {
      building = indexed.createIndex({ k: 1 }, { name: 'k_1' });
      building.catch(() => undefined);
      await until(() => waitsFor(table, 'ShareLock'), { timeoutMs: 60_000, what: "the index build waiting for the table's lock" });

      // Without the patch each of these waits for FerretDB's lock, which the build holds, forever.
      expect(await other.find({ k: 7 }).toArray()).toEqual(DOCS.filter((doc) => doc.k === 7));
      expect(await elsewhere.countDocuments({ k: { $lt: 100 } })).toBe(DOCS.filter((doc) => doc.k < 100).length);
      await other.insertOne({ _id: DOCS.length, k: -1, s: 'written during the build' });
      expect(await other.createIndex({ s: 1 }, { name: 's_1' })).toBe('s_1');
      expect(await mongo.db(`elsewhere_${run}`).collection('fresh').createIndex({ k: 1 })).toBe('k_1');
      // the indexed collection itself is still read (EXCLUSIVE lets reads through)
      expect(await indexed.countDocuments({})).toBe(DOCS.length);

      expect(await waitsFor(table, 'ShareLock')).toBe(true);
      expect((await indexed.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_']);
    } finally {
      await releaseTable();
    }
    expect(await building).toBe('k_1');

    expect((await indexed.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_', 'k_1']);
    const recorded = await storedMetadata(`build_${run}`, 'indexed');
    expect(recorded?.indexes.map((index) => index.name)).toEqual(['_id_', 'k_1']);
    const { rows } = await backend.query<{ valid: boolean }>(`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = $1::regclass`, [
      `${pg.escapeIdentifier(`build_${run}`)}.${pg.escapeIdentifier(recorded!.indexes[1]!.pgindex)}`,
    ]);
    expect(rows).toEqual([{ valid: true }]);
    // used: an equality on k is answered from the index's GIN twin, made with it (ferretdb-equality-indexes.sql)
    await backend.query(`ANALYZE ${table}`);
    expect(await indexesScannedBy(indexed, { k: 7 })).not.toEqual([]);
    expect(await indexed.find({ k: 7 }).toArray()).toEqual(DOCS.filter((doc) => doc.k === 7));
    expect((await other.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_', 's_1']);
  }, 120_000);

  it('builds and records once the same index requested twice during its build', async () => {
    const twice = await collectionWithDocs('twice', 'docs');
    const table = await tableOf(`twice_${run}`, 'docs');

    const releaseTable = await lockTable(table);
    let requests: Promise<string[]> | undefined;
    try {
      const first = twice.createIndex({ k: 1, s: -1 }, { name: 'k_s' });
      await until(() => waitsFor(table, 'ShareLock'), { timeoutMs: 60_000, what: "the index build waiting for the table's lock" });
      requests = Promise.all([first, twice.createIndex({ k: 1, s: -1 }, { name: 'k_s' })]);
      requests.catch(() => undefined);
      // a round trip on another connection: the second request is, most likely, at the server by now
      expect(await mongo.db(`twice_${run}`).collection('other').countDocuments({})).toBe(0);
    } finally {
      await releaseTable();
    }
    expect(await requests).toEqual(['k_s', 'k_s']);

    expect((await twice.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_', 'k_s']);
    expect((await storedMetadata(`twice_${run}`, 'docs'))?.indexes.map((index) => index.name)).toEqual(['_id_', 'k_s']);
    // FerretDB's own PostgreSQL indexes (named …_idx; the SQL files' twins are not): _id_'s and one k_s
    const { rows } = await backend.query(`SELECT 1 FROM pg_index WHERE indrelid = $1::regclass AND indexrelid::regclass::text LIKE '%\\_idx'`, [table]);
    expect(rows).toHaveLength(2);
  }, 120_000);

  it('answers the createIndexes of a collection dropped during its build, which leaves nothing behind', async () => {
    const doomed = await collectionWithDocs('dropped', 'doomed');
    const table = await tableOf(`dropped_${run}`, 'doomed');

    const releaseTable = await lockTable(table);
    let outcomes: Promise<[string, boolean]> | undefined;
    try {
      const building = doomed.createIndex({ k: 1 }, { name: 'k_1' });
      await until(() => waitsFor(table, 'ShareLock'), { timeoutMs: 60_000, what: "the index build waiting for the table's lock" });
      const dropping = doomed.drop();
      outcomes = Promise.all([building, dropping]);
      outcomes.catch(() => undefined);
      // the drop waits for the build in PostgreSQL (and holds FerretDB's lock meanwhile, as released)
      await until(() => waitsFor(table, 'AccessExclusiveLock'), { timeoutMs: 60_000, what: "the drop waiting for the table's lock" });
    } finally {
      await releaseTable();
    }
    // as if the createIndexes had come just before the drop
    expect(await outcomes).toEqual(['k_1', true]);

    expect(await mongo.db(`dropped_${run}`).listCollections({ name: 'doomed' }).toArray()).toEqual([]);
    expect(await storedMetadata(`dropped_${run}`, 'doomed')).toBeUndefined();
    const { rows } = await backend.query(`SELECT to_regclass($1) AS table`, [table]);
    expect(rows).toEqual([{ table: null }]);
  }, 120_000);
});
