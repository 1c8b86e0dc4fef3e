-- FerretDB 1.24 turns a top-level equality filter into `_jsonb -> 'field' @> value` (so an array field
-- matches one of its elements, as in MongoDB) but indexes `_jsonb -> 'field'` with a btree, which
-- cannot answer `@>`: every lookup by _id and every update by a foreign key read the whole table.
-- A GIN index on the same expression answers `@>`. This trigger gives each top-level field that leads
-- one of FerretDB's btree indexes in ascending order a GIN twin (ferretdb_equality_twins_of says why
-- only those); the statements at the end add the twins that are missing for indexes created before
-- the trigger existed, and drop the project's twins of other fields. Run as superuser (event triggers
-- need it), in FerretDB's backend database, on every start: it is idempotent.
--
-- Search fields (top-level fields whose name starts with "search": lower-cased texts of several KB,
-- matched with a literal substring $regex) are the exception: a btree refuses entries over ~2.7 KB and
-- would fail writes. The patched FerretDB (ferretdb-patches/exact-pushdown.patch) creates an index on
-- such a field as a pg_trgm GIN index of its text (_jsonb ->> 'field'), which answers the patch's
-- `LIKE '%…%'`; this trigger adds, per search field, a partial index of the documents that hold an
-- array or a regular expression there (normally none), which answers the patch's guard. FerretDB as
-- released (the differential tests' and the bench's reference) creates a btree: the trigger replaces it
-- under the same name (FerretDB's dropIndexes drops that name; its metadata, listIndexes and a
-- createIndexes of the same index at the next start never read PostgreSQL's definition) by the same
-- trigram index, unless it is unique (GIN cannot be); that btree is built over the rows already there
-- before the trigger runs, so on that build an index on a search field must exist before long texts
-- do. Search fields get no equality or exact-key twin.

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- The guard of each search field of a trigram index (one the patched FerretDB creates, or one of the
-- replacements below): a partial index of the documents that hold an array or a regular expression
-- there, with the predicate of the patch's textGuard, so PostgreSQL answers the guard from it at once.
-- And statistics of the field's sjson type (`_jsonb #>> '{$s,p,field,t}'`), which the patch's LIKE
-- is ANDed with (`… = 'string' AND (_jsonb ->> 'field') LIKE …`): without them PostgreSQL takes
-- that equality for 0.5 % of the rows (its default), so a search ANDed with anything else looks like
-- one row, and a sorted page of it (the job listing with a search and a location) was read by
-- fetching and sorting every candidate (4,671 at scale 1) instead of walking the sort's index and
-- stopping at the page (docs/decisions.md, listing search). ANALYZE (autovacuum's, after a table's
-- first rows) fills them; a table analyzed before they existed has them from its next ANALYZE.
CREATE OR REPLACE FUNCTION ferretdb_search_index_guards(trigram_index oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  index_table regclass;
  table_name text;
  schema_name text;
  column_number int;
  field text;
BEGIN
  SELECT indrelid::regclass INTO index_table FROM pg_index WHERE indexrelid = trigram_index;
  SELECT c.relname, n.nspname INTO table_name, schema_name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = index_table;
  IF index_table IS NULL OR table_name LIKE '\_ferretdb\_%' THEN
    RETURN;
  END IF;
  FOR column_number IN 1 .. (SELECT indnatts FROM pg_index WHERE indexrelid = trigram_index) LOOP
    field := substring(pg_get_indexdef(trigram_index, column_number, true) FROM '^\(?_jsonb ->> ''((?:[^'']|'''')*)''::text\)?$');
    CONTINUE WHEN field IS NULL OR field NOT LIKE 'search%' OR field !~ '^[A-Za-z_][A-Za-z0-9_]*$';
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON %s ((_jsonb -> %L)) WHERE (_jsonb #>> %L::text[]) = ANY (''{array,regex}''::text[])',
      left(table_name, 40) || '_' || left(md5(field), 12) || '_tg',
      index_table,
      '_id',
      format('{$s,p,%s,t}', field)
    );
    EXECUTE format(
      'CREATE STATISTICS IF NOT EXISTS %I.%I ON ((_jsonb #>> %L::text[])) FROM %s',
      schema_name,
      left(table_name, 40) || '_' || left(md5(field), 12) || '_ts',
      format('{$s,p,%s,t}', field),
      index_table
    );
  END LOOP;
END $$;

-- Drops one of the project's own indexes that nothing reads (ferretdb_equality_twins_of, ferretdb_exact_guards),
-- waiting at most two seconds for its table: this runs in start's one transaction over every table,
-- and on a table in use the index is left for a later start rather than holding up (or failing) it.
CREATE OR REPLACE FUNCTION ferretdb_drop_unread_index(schema_name text, index_name text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  previous text := current_setting('lock_timeout');
BEGIN
  PERFORM set_config('lock_timeout', '2s', true);
  BEGIN
    EXECUTE format('DROP INDEX IF EXISTS %I.%I', schema_name, index_name);
  EXCEPTION WHEN lock_not_available OR deadlock_detected THEN
    RAISE NOTICE 'index %.% left in place (its table is in use): %', schema_name, index_name, SQLERRM;
  END;
  PERFORM set_config('lock_timeout', previous, true);
END $$;

-- The GIN twins of one table: one per top-level field that leads one of FerretDB's btree indexes in
-- ascending order (a field not named search…, or a unique index's); the project's twins of any other
-- field are dropped. The patched FerretDB answers a sorted find and a count from the exact-key twins
-- (ferretdb-sort-indexes.sql), so a GIN twin serves what it still answers as released (an unsorted
-- find, the filter of an update or a delete: `_jsonb -> 'f' @> value`) and the patch's equality or
-- `$in` on a field holding arrays. MongoDB answers an equality from an index on its leading field
-- only; a field the read models declare only after another, or only descending (a sort key, newest
-- first: appliedDate, createdAt, postedDate), is not looked up by equality, and its twin was never read
-- (PostgreSQL's index-scan counters over the read-side bench, the projectors' catch-up and the kept
-- namespaces) while every write of a document updated it. An equality on such a field is still
-- answered, without an index (as on a nested path).
CREATE OR REPLACE FUNCTION ferretdb_equality_twins_of(index_table regclass) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  table_name text;
  schema_name text;
  wanted text[];
  field text;
  twin record;
BEGIN
  SELECT c.relname, n.nspname INTO table_name, schema_name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = index_table;
  IF table_name IS NULL OR table_name LIKE '\_ferretdb\_%' THEN
    RETURN;
  END IF;
  SELECT coalesce(array_agg(DISTINCT firsts.field), '{}') INTO wanted
  FROM (
    -- (or, where the exact-key twin took the place of FerretDB's btree under its name, in
    -- ferretdb-sort-indexes.sql, the top-level field the twin leads with: `{$s,p,field,t}`)
    SELECT coalesce(
        replace(substring(pg_get_indexdef(i.indexrelid, 1, true) FROM '^\(?_jsonb -> ''((?:[^'']|'''')*)''::text\)?$'), '''''', ''''),
        CASE WHEN c.relname NOT LIKE '%\_xs' THEN substring(pg_get_indexdef(i.indexrelid, 1, true)
          FROM '^\(\s*CASE\s+WHEN \(_jsonb #>> ''\{\$s,p,([A-Za-z_][A-Za-z0-9_]*),t\}''::text\[\]\) = ''string''::text THEN') END
      ) AS field, i.indisunique
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = index_table AND am.amname = 'btree' AND i.indpred IS NULL AND i.indoption[0] & 1 = 0
  ) firsts
  WHERE firsts.field IS NOT NULL AND (firsts.field NOT LIKE 'search%' OR firsts.indisunique);
  FOREACH field IN ARRAY wanted LOOP
    CONTINUE WHEN to_regclass(format('%I.%I', schema_name, left(table_name, 40) || '_' || left(md5(field), 12) || '_eq')) IS NOT NULL;
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON %s USING gin ((_jsonb -> %L)) WITH (fastupdate = off)',
      left(table_name, 40) || '_' || left(md5(field), 12) || '_eq',
      index_table,
      field
    );
  END LOOP;
  FOR twin IN
    SELECT c.relname, replace(substring(pg_get_indexdef(i.indexrelid, 1, true) FROM '^\(?_jsonb -> ''((?:[^'']|'''')*)''::text\)?$'), '''''', '''') AS field
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = index_table AND am.amname = 'gin' AND i.indnatts = 1 AND c.relname LIKE '%\_eq'
  LOOP
    -- only the project's twins (named by their field), never an index FerretDB knows
    CONTINUE WHEN twin.field IS NULL OR twin.field = ANY (wanted)
      OR twin.relname <> left(table_name, 40) || '_' || left(md5(twin.field), 12) || '_eq';
    PERFORM ferretdb_drop_unread_index(schema_name, twin.relname);
  END LOOP;
END $$;

-- FerretDB's btree index on a search field (FerretDB as released; the patched build creates a trigram
-- index itself): under the same name, a trigram GIN of each search field it holds (its other fields
-- lose that btree), and the guard of each.
CREATE OR REPLACE FUNCTION ferretdb_search_index_replacement(btree_index oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  index_table regclass;
  table_name text;
  index_name text;
  column_number int;
  field text;
  search_fields text[] := '{}';
BEGIN
  SELECT indrelid::regclass INTO index_table FROM pg_index WHERE indexrelid = btree_index AND NOT indisunique AND indpred IS NULL;
  table_name := (SELECT relname FROM pg_class WHERE oid = index_table);
  IF index_table IS NULL OR table_name LIKE '\_ferretdb\_%' THEN
    RETURN;
  END IF;
  FOR column_number IN 1 .. (SELECT indnatts FROM pg_index WHERE indexrelid = btree_index) LOOP
    field := substring(pg_get_indexdef(btree_index, column_number, true) FROM '^\(?_jsonb -> ''((?:[^'']|'''')*)''::text\)?$');
    CONTINUE WHEN field IS NULL;
    field := replace(field, '''''', '''');
    IF field LIKE 'search%' THEN
      search_fields := search_fields || field;
    END IF;
  END LOOP;
  IF cardinality(search_fields) = 0 THEN
    RETURN;
  END IF;
  index_name := (SELECT relname FROM pg_class WHERE oid = btree_index);
  EXECUTE format('DROP INDEX %s', btree_index::regclass);
  EXECUTE format(
    'CREATE INDEX %I ON %s USING gin (%s) WITH (fastupdate = off)',
    index_name,
    index_table,
    (SELECT string_agg(format('(_jsonb ->> %L) public.gin_trgm_ops', f), ', ') FROM unnest(search_fields) AS f)
  );
  PERFORM ferretdb_search_index_guards((SELECT oid FROM pg_class WHERE relname = index_name AND relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = index_table)));
END $$;

-- What the trigger does for a btree index FerretDB creates (the project's own are partial, or end in
-- _xs: they change nothing here).
CREATE OR REPLACE FUNCTION ferretdb_equality_index_twins(btree_index oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  index_table regclass;
BEGIN
  SELECT i.indrelid::regclass INTO index_table
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
  WHERE i.indexrelid = btree_index AND i.indpred IS NULL AND c.relname NOT LIKE '%\_xs';
  IF index_table IS NULL THEN
    RETURN;
  END IF;
  PERFORM ferretdb_search_index_replacement(btree_index);
  PERFORM ferretdb_equality_twins_of(index_table);
END $$;

CREATE OR REPLACE FUNCTION ferretdb_equality_index_trigger() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  created record;
BEGIN
  FOR created IN
    SELECT objid FROM pg_event_trigger_ddl_commands()
    WHERE command_tag = 'CREATE INDEX' AND object_type = 'index'
  LOOP
    -- The twins are GIN indexes, so creating one does not recurse.
    CASE (SELECT am.amname FROM pg_class c JOIN pg_am am ON am.oid = c.relam WHERE c.oid = created.objid)
      WHEN 'btree' THEN
        PERFORM ferretdb_equality_index_twins(created.objid);
      WHEN 'gin' THEN
        PERFORM ferretdb_search_index_guards(created.objid);
      ELSE
        NULL;
    END CASE;
  END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS ferretdb_equality_indexes;
CREATE EVENT TRIGGER ferretdb_equality_indexes ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX')
  EXECUTE FUNCTION ferretdb_equality_index_trigger();

SELECT ferretdb_search_index_replacement(i.indexrelid)
FROM pg_index i
JOIN pg_class c ON c.oid = i.indexrelid
JOIN pg_am am ON am.oid = c.relam
JOIN pg_class t ON t.oid = i.indrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE am.amname = 'btree'
  AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND pg_get_indexdef(i.indexrelid) LIKE '%''search%'
  AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = '_jsonb' AND NOT a.attisdropped);

-- Once per table (not per index: a table's indexes are read for each call).
SELECT ferretdb_equality_twins_of(t.oid)
FROM pg_class t
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE t.relkind = 'r'
  AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = '_jsonb' AND NOT a.attisdropped);

SELECT ferretdb_search_index_guards(i.indexrelid)
FROM pg_index i
JOIN pg_class c ON c.oid = i.indexrelid
JOIN pg_am am ON am.oid = c.relam
JOIN pg_class t ON t.oid = i.indrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE am.amname = 'gin'
  AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = '_jsonb' AND NOT a.attisdropped);
