-- FerretDB 1.24 turns a top-level equality filter into `_jsonb -> 'field' @> value` (so an array field
-- matches one of its elements, as in MongoDB) but indexes `_jsonb -> 'field'` with a btree, which
-- cannot answer `@>`: every lookup by _id and every update by a foreign key read the whole table.
-- A GIN index on the same expression answers `@>`. This trigger gives every btree index FerretDB
-- creates a GIN twin per top-level field; the statement at the end adds the twins that are missing
-- for indexes created before the trigger existed. Run as superuser (event triggers need it), in
-- FerretDB's backend database, on every start: it is idempotent.

CREATE OR REPLACE FUNCTION ferretdb_equality_index_twins(btree_index oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  index_table regclass;
  column_number int;
  field text;
BEGIN
  SELECT indrelid::regclass INTO index_table FROM pg_index WHERE indexrelid = btree_index;
  IF index_table IS NULL OR (SELECT relname FROM pg_class WHERE oid = index_table) LIKE '\_ferretdb\_%' THEN
    RETURN;
  END IF;
  FOR column_number IN 1 .. (SELECT indnatts FROM pg_index WHERE indexrelid = btree_index) LOOP
    field := substring(pg_get_indexdef(btree_index, column_number, true) FROM '^\(?_jsonb -> ''((?:[^'']|'''')*)''::text\)?$');
    CONTINUE WHEN field IS NULL;
    field := replace(field, '''''', '''');
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON %s USING gin ((_jsonb -> %L)) WITH (fastupdate = off)',
      left((SELECT relname FROM pg_class WHERE oid = index_table), 40) || '_' || left(md5(field), 12) || '_eq',
      index_table,
      field
    );
  END LOOP;
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
    IF (SELECT am.amname FROM pg_class c JOIN pg_am am ON am.oid = c.relam WHERE c.oid = created.objid) = 'btree' THEN
      PERFORM ferretdb_equality_index_twins(created.objid);
    END IF;
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
