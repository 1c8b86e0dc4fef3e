-- FerretDB 1.24 turns a top-level equality filter into `_jsonb -> 'field' @> value` (so an array field
-- matches one of its elements, as in MongoDB) but indexes `_jsonb -> 'field'` with a btree, which
-- cannot answer `@>`: every lookup by _id and every update by a foreign key read the whole table.
-- A GIN index on the same expression answers `@>`. This trigger gives every btree index FerretDB
-- creates a GIN twin per top-level field; the statement at the end adds the twins that are missing
-- for indexes created before the trigger existed. Run as superuser (event triggers need it), in
-- FerretDB's backend database, on every start: it is idempotent.
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

CREATE OR REPLACE FUNCTION ferretdb_equality_index_twins(btree_index oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  index_table regclass;
  table_name text;
  index_name text;
  column_number int;
  field text;
  fields text[] := '{}';
  search_fields text[] := '{}';
  is_unique boolean;
BEGIN
  SELECT indrelid::regclass, indisunique INTO index_table, is_unique FROM pg_index WHERE indexrelid = btree_index;
  table_name := (SELECT relname FROM pg_class WHERE oid = index_table);
  IF index_table IS NULL OR table_name LIKE '\_ferretdb\_%' THEN
    RETURN;
  END IF;
  FOR column_number IN 1 .. (SELECT indnatts FROM pg_index WHERE indexrelid = btree_index) LOOP
    field := substring(pg_get_indexdef(btree_index, column_number, true) FROM '^\(?_jsonb -> ''((?:[^'']|'''')*)''::text\)?$');
    CONTINUE WHEN field IS NULL;
    field := replace(field, '''''', '''');
    IF field LIKE 'search%' AND NOT is_unique THEN
      search_fields := search_fields || field;
    ELSE
      fields := fields || field;
    END IF;
  END LOOP;
  FOREACH field IN ARRAY fields LOOP
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON %s USING gin ((_jsonb -> %L)) WITH (fastupdate = off)',
      left(table_name, 40) || '_' || left(md5(field), 12) || '_eq',
      index_table,
      field
    );
  END LOOP;
  IF cardinality(search_fields) = 0 THEN
    RETURN;
  END IF;
  -- FerretDB's btree on a search field: under the same name, a trigram GIN of each search field it
  -- holds (its other fields have their twins above), and the guard of each.
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

SELECT ferretdb_equality_index_twins(i.indexrelid)
FROM pg_index i
JOIN pg_class c ON c.oid = i.indexrelid
JOIN pg_am am ON am.oid = c.relam
JOIN pg_class t ON t.oid = i.indrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE am.amname = 'btree'
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
