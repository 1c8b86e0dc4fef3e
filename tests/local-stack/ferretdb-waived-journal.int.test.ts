import { MongoClient, type Collection } from 'mongodb';
import pg from 'pg';
import { pointsElsewhere } from '../../infra/local/server';
import { LOCAL_STACK } from '../../platform/src/config/local-stack';
import { startFerretdb, type FerretdbInstance } from '../support/ferretdb-variants';

// FerretDB 1.24 as released ignores a write's writeConcern: every write waits for PostgreSQL's WAL flush.
// The project's patch (infra/local/servers/ferretdb-patches/waived-journal.patch) commits a write sent with
// `writeConcern: { j: false }` (the projections') with `synchronous_commit = off`, and every other write
// as before. A trigger on the collection's table records the setting each write ran under, as PostgreSQL
// saw it inside the write's own transaction.
const describeOnLocalStack = pointsElsewhere(process.env, 'MONGODB_URL') ? describe.skip : describe;

const PG = LOCAL_STACK.postgres;
const WAIVED = { writeConcern: { journal: false } } as const;
type Doc = { _id: number; n: number };

describeOnLocalStack.each(['patched', 'upstream'] as const)('FerretDB (%s) and a write sent with j: false', (variant) => {
  let server: FerretdbInstance;
  let mongo: MongoClient;
  let backend: pg.Client;
  let docs: Collection<Doc>;

  beforeAll(async () => {
    server = await startFerretdb(variant);
    mongo = await new MongoClient(server.url, { directConnection: true }).connect();
    backend = new pg.Client({ host: PG.host, port: PG.port, user: PG.user, password: PG.password, database: server.postgresDatabase });
    await backend.connect();
    docs = mongo.db('journal').collection<Doc>('docs');
    await docs.insertOne({ _id: 0, n: 0 });
    const { rows } = await backend.query<{ table: string }>(`SELECT _jsonb ->> 'table' AS table FROM journal._ferretdb_database_metadata WHERE _jsonb ->> '_id' = 'docs'`);
    await backend.query(`
      CREATE TABLE public.commit_modes (operation text NOT NULL, synchronous_commit text NOT NULL);
      CREATE FUNCTION public.record_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO public.commit_modes VALUES (TG_OP, current_setting('synchronous_commit'));
          RETURN NULL;
        END $$;
      CREATE TRIGGER record_commit_mode AFTER INSERT OR UPDATE OR DELETE ON journal.${pg.escapeIdentifier(rows[0]!.table)}
        FOR EACH ROW EXECUTE FUNCTION public.record_commit_mode();`);
  }, 600_000);

  afterAll(async () => {
    await backend?.end().catch(() => undefined);
    await mongo?.close(true).catch(() => undefined);
    await server?.stop();
  });

  /** The setting each row write of `write` ran under, by operation. */
  const commitModesOf = async (write: () => Promise<unknown>): Promise<string[]> => {
    await backend.query('TRUNCATE public.commit_modes');
    await write();
    const { rows } = await backend.query<{ operation: string; synchronous_commit: string }>('SELECT operation, synchronous_commit FROM public.commit_modes');
    return rows.map((row) => `${row.operation} ${row.synchronous_commit}`).sort();
  };

  const waived = variant === 'patched' ? 'off' : 'on';

  it('commits insert, update, replace, findAndModify, delete and an ordered bulkWrite without the flush only when asked', async () => {
    expect(await commitModesOf(() => docs.insertOne({ _id: 1, n: 1 }, WAIVED))).toEqual([`INSERT ${waived}`]);
    expect(await commitModesOf(() => docs.updateOne({ _id: 1 }, { $inc: { n: 1 } }, WAIVED))).toEqual([`UPDATE ${waived}`]);
    expect(await commitModesOf(() => docs.replaceOne({ _id: 1 }, { n: 10 }, WAIVED))).toEqual([`UPDATE ${waived}`]);
    expect(await commitModesOf(() => docs.findOneAndUpdate({ _id: 1 }, { $set: { n: 11 } }, WAIVED))).toEqual([`UPDATE ${waived}`]);
    expect(await commitModesOf(() => docs.updateOne({ _id: 2 }, { $set: { n: 2 } }, { ...WAIVED, upsert: true }))).toEqual([`INSERT ${waived}`]);
    expect(await commitModesOf(() => docs.deleteOne({ _id: 2 }, WAIVED))).toEqual([`DELETE ${waived}`]);
    expect(
      await commitModesOf(() =>
        docs.bulkWrite([{ insertOne: { document: { _id: 3, n: 3 } } }, { replaceOne: { filter: { _id: 3 }, replacement: { n: 4 } } }, { deleteMany: { filter: { _id: 3 } } }], { ordered: true, ...WAIVED }),
      ),
    ).toEqual([`DELETE ${waived}`, `INSERT ${waived}`, `UPDATE ${waived}`]);
    expect(await docs.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 0, n: 0 },
      { _id: 1, n: 11 },
    ]);
  });

  it('keeps every other write waiting for its flush', async () => {
    expect(await commitModesOf(() => docs.insertOne({ _id: 4, n: 4 }))).toEqual(['INSERT on']);
    expect(await commitModesOf(() => docs.updateOne({ _id: 4 }, { $inc: { n: 1 } }, { writeConcern: { journal: true } }))).toEqual(['UPDATE on']);
    expect(await commitModesOf(() => docs.updateOne({ _id: 4 }, { $inc: { n: 1 } }, { writeConcern: { w: 1 } }))).toEqual(['UPDATE on']);
    expect(await commitModesOf(() => docs.deleteOne({ _id: 4 }))).toEqual(['DELETE on']);
    // a waived write does not leak its setting into the next write on the same pooled connection
    await docs.insertOne({ _id: 5, n: 5 }, WAIVED);
    expect(await commitModesOf(() => docs.updateOne({ _id: 5 }, { $inc: { n: 1 } }))).toEqual(['UPDATE on']);
  });
});
