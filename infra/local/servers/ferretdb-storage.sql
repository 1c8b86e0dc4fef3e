-- FerretDB keeps a document in one jsonb column, _jsonb. PostgreSQL compresses a row's values once the
-- row passes toast_tuple_target (about 2 KB by default): a job (about 5 KB of jsonb) and an application
-- (about 2.5 KB) were stored compressed, and every expression the patched FerretDB filters by
-- (`_jsonb ->> 'searchProfiles' LIKE …`, each field's type guard, the exact keys) decompressed the whole
-- document again: about 40 µs a row for the job listing's search, so counting 4,700 candidate jobs took
-- 200 ms, against 20 ms with the same rows uncompressed (measured at scale 1, 2026-11-29). This file
-- sets toast_tuple_target to its maximum (8160 bytes) on every FerretDB collection table, so documents
-- up to a page stay uncompressed (larger ones are compressed and moved out of line as before): more
-- disk and buffer pages, no decompression per expression. An event trigger sets it on every new
-- collection table (each rebuilt generation is one); the statement at the end sets it on the tables
-- that exist. A document already stored compressed stays so until it is written again: `npm run
-- rebuild -- all` writes every read model anew (rewriting rows here, at start, took minutes at scale
-- 1). Run as superuser in FerretDB's backend database on every start: it is idempotent.

-- A FerretDB collection table: a `_jsonb` column, not one of FerretDB's own `_ferretdb_…` tables.
CREATE OR REPLACE FUNCTION ferretdb_is_collection_table(candidate regclass) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT c.relkind = 'r'
    AND c.relname NOT LIKE '\_ferretdb\_%'
    AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = '_jsonb' AND NOT a.attisdropped)
  FROM pg_class c WHERE c.oid = candidate
$$;

CREATE OR REPLACE FUNCTION ferretdb_uncompressed_storage(collection_table regclass) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT COALESCE(ferretdb_is_collection_table(collection_table), false)
     OR 'toast_tuple_target=8160' = ANY (COALESCE((SELECT reloptions FROM pg_class WHERE oid = collection_table), '{}')) THEN
    RETURN;
  END IF;
  EXECUTE format('ALTER TABLE %s SET (toast_tuple_target = 8160)', collection_table);
EXCEPTION
  -- A collection dropped meanwhile (a test's namespace) has nothing left to set.
  WHEN undefined_table THEN NULL;
END $$;

CREATE OR REPLACE FUNCTION ferretdb_storage_trigger() RETURNS event_trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ferretdb_uncompressed_storage(objid::regclass)
  FROM pg_event_trigger_ddl_commands()
  WHERE command_tag = 'CREATE TABLE' AND object_type = 'table';
END $$;

DROP EVENT TRIGGER IF EXISTS ferretdb_storage;
CREATE EVENT TRIGGER ferretdb_storage ON ddl_command_end
  WHEN TAG IN ('CREATE TABLE')
  EXECUTE FUNCTION ferretdb_storage_trigger();

SELECT ferretdb_uncompressed_storage(c.oid::regclass)
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind = 'r'
  AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast');
