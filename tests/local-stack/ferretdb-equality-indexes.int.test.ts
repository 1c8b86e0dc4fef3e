import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { pointsElsewhere } from '../../infra/local/server';
import { loadEnv } from '../../platform/src/config/env';
import { LOCAL_STACK } from '../../platform/src/config/local-stack';
import { until } from '../notifier/support';
import { isExactTwin, schemaIndexes, sumScans, type SchemaIndex } from './schema-indexes';

const env = loadEnv();
// Only the local stack's FerretDB has the PostgreSQL tables these twins belong to.
const describeOnFerretDb = pointsElsewhere(process.env, 'MONGODB_URL') ? describe.skip : describe;

describeOnFerretDb("the local FerretDB's equality filters use an index", () => {
  const database = `eqidx_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const mongo = new MongoClient(env.MONGODB_URL, { directConnection: true });
  const backendUrl = new URL(env.POSTGRES_URL);
  backendUrl.pathname = `/${LOCAL_STACK.ferretdb.postgresDatabase}`;
  const backend = new pg.Client({ connectionString: backendUrl.toString() });

  const indexes = (): Promise<SchemaIndex[]> => schemaIndexes(backend, database);

  const ginIndexedFields = async (): Promise<string[]> =>
    (await indexes())
      .filter((index) => index.definition.includes('USING gin'))
      .map((index) => /_jsonb -> '(.*)'::text/.exec(index.definition)?.[1] ?? index.definition)
      .sort();

  /** Index scans PostgreSQL counted on the GIN twin of one field of the collection. */
  const twinScans = async (field: string): Promise<number> =>
    (await indexes()).find(
      (index) => index.definition.includes('USING gin') && index.definition.includes(`_jsonb -> '${field}'::text`),
    )?.scans ?? -1;

  beforeAll(async () => {
    await Promise.all([mongo.connect(), backend.connect()]);
  });
  afterAll(async () => {
    await mongo.db(database).dropDatabase().catch(() => undefined);
    await Promise.all([mongo.close(), backend.end()]);
  });

  /** The fields the project's guards of the collection's exact keys hold (ferretdb-sort-indexes.sql). */
  const guardedFields = async (): Promise<string[]> =>
    (await indexes())
      .filter((index) => index.name.endsWith('_xg'))
      .map((index) => /\{\$s,p,(.+?),t\}/.exec(index.definition)?.[1]?.replace(/,\$s,p,/g, '.') ?? index.definition)
      .sort();

  /**
   * Index scans PostgreSQL counted on the exact-key twins of the collection (the patched build's sorted
   * finds and counts): named …_xs, or by FerretDB where one took the place of its btree (ferretdb-sort-indexes.sql).
   */
  const exactTwinScans = async (): Promise<number> => sumScans((await indexes()).filter(isExactTwin));

  it('gives a GIN twin only to a top-level field that leads an index in ascending order', async () => {
    const applications = mongo.db(database).collection('applications');
    await applications.createIndex({ jobId: 1, appliedDate: -1 });
    await applications.createIndex({ 'job.company': 1 });
    await applications.createIndex({ status: 1 });
    await applications.createIndex({ createdAt: -1 });

    // Not appliedDate (only after jobId), createdAt (only descending: a sort key) nor a nested path:
    // nothing looks them up by equality, and PostgreSQL counted no read of their twins.
    expect(await ginIndexedFields()).toEqual(['_id', 'jobId', 'status']);
  });

  it('guards only the exact keys that no exact-key twin leads with', async () => {
    // _id, jobId, job.company, status and createdAt each lead a twin, which answers the patch's guard
    // (`key IS NULL`) itself; appliedDate is only the second field of one.
    expect(await guardedFields()).toEqual(['appliedDate']);
  });

  it("answers FerretDB's pushed-down equality filter from the twin", async () => {
    const applications = mongo.db(database).collection<{ _id: string; jobId: string }>('applications');
    await applications.insertMany(Array.from({ length: 3_000 }, (_, i) => ({ _id: `a${i}`, jobId: `j${i % 300}` })));
    await backend.query(`analyze ${backend.escapeIdentifier(database)}.${backend.escapeIdentifier(await tableOf('applications'))}`);
    const before = await twinScans('jobId');

    // A plain find: the project's pushdown patch answers counts and sorted finds from its own exact-key twins.
    expect(await applications.find({ jobId: 'j7' }).toArray()).toHaveLength(10);
    expect((await applications.findOne({ _id: 'a2999' }))?.jobId).toBe('j299');

    // PostgreSQL publishes each backend's statistics within a second or so of its statement, and the two
    // lookups may have run on different FerretDB connections: each count is waited for on its own.
    await until(async () => (await twinScans('jobId')) > before, { timeoutMs: 10_000, what: 'an index scan of the jobId twin' });
    await until(async () => (await twinScans('_id')) > 0, { timeoutMs: 10_000, what: 'an index scan of the _id twin' });
  }, 60_000);

  it('answers a sorted find and a count without the guards and twins it dropped, from the exact-key twins', async () => {
    const applications = mongo.db(database).collection<{ _id: string; jobId: string }>('applications');
    const before = await exactTwinScans();

    // The guards of jobId and _id (the patch's first question) and the whole page come from the twin
    // (jobId, appliedDate desc, _id desc); the dropped twins and guards are still absent.
    const page = await applications.find({ jobId: 'j7' }).sort({ appliedDate: -1, _id: -1 }).limit(4).toArray();
    const ofJob7 = Array.from({ length: 10 }, (_, i) => `a${7 + 300 * i}`);
    expect(page.map((application) => application._id)).toEqual(ofJob7.sort().reverse().slice(0, 4));
    expect(await applications.countDocuments({ jobId: 'j7' })).toBe(10);

    await until(async () => (await exactTwinScans()) > before, { timeoutMs: 10_000, what: 'an index scan of an exact-key twin' });
    expect(await ginIndexedFields()).toEqual(['_id', 'jobId', 'status']);
    expect(await guardedFields()).toEqual(['appliedDate']);
  }, 60_000);

  async function tableOf(collection: string): Promise<string> {
    const { rows } = await backend.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = $1 and table_name like $2`,
      [database, `${collection}\\_%`],
    );
    const [only, ...others] = rows;
    if (only === undefined || others.length > 0) throw new Error(`no single table for ${collection}: ${JSON.stringify(rows)}`);
    return only.table_name;
  }
});
