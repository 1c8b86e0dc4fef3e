import type pg from 'pg';

export interface SchemaIndex {
  name: string;
  table: string;
  definition: string;
  /** Index scans PostgreSQL counted on it. */
  scans: number;
  /** Index entries PostgreSQL read from it. */
  tuplesRead: number;
}

/**
 * The indexes of one PostgreSQL schema (one FerretDB database) with their definitions.
 *
 * Only the schema's own indexes are described: `pg_get_indexdef` of an index that another test drops
 * while the catalog is read fails with "could not open relation with OID", and a plain join over
 * `pg_indexes` or `pg_stat_user_indexes` may describe every index of the server before it filters by
 * schema. The materialized list fences the description off from the rest of the catalog.
 */
export const schemaIndexes = async (client: pg.Client, schema: string): Promise<SchemaIndex[]> => {
  const { rows } = await client.query<{ name: string; table: string; definition: string; scans: string; tuplesRead: string }>(
    `with own as materialized (
       select i.indexrelid, c.relname as name, t.relname as table_name
         from pg_index i
         join pg_class c on c.oid = i.indexrelid
         join pg_class t on t.oid = i.indrelid
        where t.relnamespace = (select oid from pg_namespace where nspname = $1)
     )
     select name, table_name as "table", pg_get_indexdef(indexrelid) as definition,
            coalesce(pg_stat_get_numscans(indexrelid), 0) as scans,
            coalesce(pg_stat_get_tuples_returned(indexrelid), 0) as "tuplesRead"
       from own
      order by name`,
    [schema],
  );
  return rows.map((row) => ({ ...row, scans: Number(row.scans), tuplesRead: Number(row.tuplesRead) }));
};

/** The indexes of one FerretDB collection: its PostgreSQL table is named after it, `<collection>_<hash>`. */
export const ofCollection = (indexes: SchemaIndex[], collection: string): SchemaIndex[] =>
  indexes.filter((index) => index.table.startsWith(`${collection}_`));

export const sumScans = (indexes: SchemaIndex[]): number => indexes.reduce((sum, index) => sum + index.scans, 0);

/**
 * An exact-key twin (ferretdb-sort-indexes.sql): a btree on the exact keys, not partial (the guards
 * are), named …_xs or, where it took the place of FerretDB's btree of a non-unique index, by FerretDB.
 */
export const isExactTwin = (index: SchemaIndex): boolean =>
  index.definition.includes('USING btree ((') && index.definition.includes('CASE') && !index.definition.includes(' WHERE ');
