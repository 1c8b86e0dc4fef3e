-- The project's FerretDB patch (ferretdb-patches/exact-pushdown.patch) answers a sorted, paged or counted
-- query in PostgreSQL when every field it filters or sorts on holds, in every document, a string, a
-- number within ±(2^53-1), null or nothing (on a dotted path, a path through null or a scalar is nothing,
-- as in MongoDB; one through an array has no key: MongoDB looks into arrays), on top-level fields and
-- dotted paths through embedded documents: it filters and orders by an exact key of each field, a jsonb
-- [rank, value] that orders as BSON does (ferretdb_exact_key below builds the same expression as the
-- patch's sortKey; both must stay identical, or PostgreSQL uses no index). This file gives every btree
-- index FerretDB creates (one per index the read models declare):
--   - a twin on the exact keys of its fields and of _id (the tie-breaker every list sorts by last), in
--     the declared directions (_id in the last field's), so a filter on the leading fields and the sort
--     on the rest read one index range in order, and a count reads the index alone; for a non-unique
--     index other than _id's, the twin takes the place of FerretDB's btree, which nothing reads, under
--     FerretDB's name (ferretdb_exact_twin_in_place; the patched build creates it so itself,
--     ferretdb-patches/with-exact-twin-indexes.patch), so such an index is one PostgreSQL index;
--   - per field that no twin of the table leads with, a partial index of the documents whose key is NULL
--     (normally none: it stays empty), which answers the patch's guard "does any document hold something
--     else here?" at once (a twin that leads with the key answers it as well; see ferretdb_exact_guards).
-- An index on a search field (a name starting with "search") gets none of these: ferretdb-equality-
-- indexes.sql, whose trigger fires first, replaces it by a trigram index.
-- Run as superuser in FerretDB's backend database on every start, after ferretdb-equality-indexes.sql:
-- it is idempotent (an existing table gets its twins once; later ones by the event trigger).

CREATE OR REPLACE FUNCTION ferretdb_exact_key(path text[]) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  schema_path text[] := '{}';
  type_of text;
  value_of text;
  safe text;
  missing text;
  i int;
BEGIN
  FOR i IN 1 .. array_length(path, 1) LOOP
    schema_path := schema_path || ARRAY['$s', 'p', path[i]];
  END LOOP;
  type_of := format('(_jsonb #>> ''{%s}''::text[])', array_to_string(schema_path || ARRAY['t'], ','));
  value_of := format('(_jsonb #> ''{%s}''::text[])', array_to_string(path, ','));
  safe := format('CASE WHEN abs((_jsonb #>> ''{%s}''::text[])::numeric) <= 9007199254740991 THEN ''[2]''::jsonb || %s END',
    array_to_string(path, ','), value_of);
  -- missing: nothing there and no array along the path (a path through null or a scalar is missing)
  missing := type_of || ' IS NULL';
  FOR i IN 1 .. array_length(path, 1) - 1 LOOP
    missing := missing || format(' AND COALESCE(_jsonb #>> ''{%s}''::text[], ''object'') <> ''array''',
      array_to_string(schema_path[1 : 3 * i] || ARRAY['t'], ','));
  END LOOP;
  RETURN '(CASE'
    || ' WHEN ' || type_of || ' = ''string'' THEN ''[3]''::jsonb || ' || value_of
    || ' WHEN ' || type_of || ' = ''int'' THEN ''[2]''::jsonb || ' || value_of
    || ' WHEN ' || type_of || ' = ''long'' THEN ' || safe
    || ' WHEN ' || type_of || ' = ''double'' THEN ' || safe
    || ' WHEN ' || type_of || ' = ''null'' THEN ''[1, null]''::jsonb'
    || ' WHEN ' || missing || ' THEN ''[1, null]''::jsonb'
    || ' END)';
END $$;

-- The field path of one column of a FerretDB btree index ((_jsonb -> 'a') or ((_jsonb -> 'a') -> 'b')),
-- or NULL for any other expression (the exact keys themselves, for one). Only plain names qualify, as
-- in the patch.
CREATE OR REPLACE FUNCTION ferretdb_exact_index_path(btree_index oid, column_number int) RETURNS text[]
LANGUAGE plpgsql AS $$
DECLARE
  definition text := pg_get_indexdef(btree_index, column_number, true);
  path text[];
BEGIN
  IF definition !~ '^\(*_jsonb( -> ''[A-Za-z_][A-Za-z0-9_]*''::text\)?)+$' THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(m[1] ORDER BY n) INTO path
  FROM regexp_matches(definition, '''([A-Za-z_][A-Za-z0-9_]*)''::text', 'g') WITH ORDINALITY AS found(m, n);
  RETURN path;
END $$;

-- The exact-key twin of one of FerretDB's btree indexes: its fields' dotted paths, and its columns (the
-- exact keys in the declared directions, then _id's in the last one's), or NULLs if it gets none (a column
-- that is not a plain path, or a search field; or not one of FerretDB's indexes: partial, or on columns).
CREATE OR REPLACE FUNCTION ferretdb_exact_index_shape(btree_index oid, OUT fields text[], OUT columns text[])
LANGUAGE plpgsql AS $$
DECLARE
  path text[];
  direction text := '';
  column_number int;
  has_id boolean := false;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = btree_index AND indpred IS NULL AND indexprs IS NOT NULL) THEN
    RETURN;
  END IF;
  fields := '{}';
  columns := '{}';
  FOR column_number IN 1 .. (SELECT indnatts FROM pg_index WHERE indexrelid = btree_index) LOOP
    path := ferretdb_exact_index_path(btree_index, column_number);
    -- search fields (texts of several KB; ferretdb-equality-indexes.sql) get no btree of any kind
    IF path IS NULL OR path[1] LIKE 'search%' THEN
      fields := NULL;
      columns := NULL;
      RETURN;
    END IF;
    direction := CASE WHEN (SELECT indoption[column_number - 1] FROM pg_index WHERE indexrelid = btree_index) & 1 = 1 THEN ' DESC' ELSE '' END;
    columns := columns || (ferretdb_exact_key(path) || direction);
    fields := fields || array_to_string(path, '.');
    has_id := has_id OR path = ARRAY['_id'];
  END LOOP;
  IF NOT has_id THEN
    columns := columns || (ferretdb_exact_key(ARRAY['_id']) || direction);
  END IF;
END $$;

CREATE OR REPLACE FUNCTION ferretdb_exact_twin_name(index_table regclass, columns text[]) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT left(relname, 40) || '_' || left(md5(array_to_string(columns, ',')), 12) || '_xs' FROM pg_class WHERE oid = index_table
$$;

-- The dotted paths of an exact-key twin's columns (its key expressions, then _id's), whether it is
-- named as the project's (…_xs) or bears the name of the FerretDB index it replaced
-- (ferretdb_exact_twin_in_place); NULL for any other index.
CREATE OR REPLACE FUNCTION ferretdb_exact_twin_fields(twin_index oid) RETURNS text[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  fields text[] := '{}';
  path text;
  column_number int;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = twin_index AND indpred IS NULL AND indexprs IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  FOR column_number IN 1 .. (SELECT indnatts FROM pg_index WHERE indexrelid = twin_index) LOOP
    path := substring(pg_get_indexdef(twin_index, column_number, true)
      FROM '^\(\s*CASE\s+WHEN \(_jsonb #>> ''\{\$s,p,([A-Za-z0-9_,$]+),t\}''::text\[\]\) = ''string''::text THEN');
    IF path IS NULL THEN
      RETURN NULL;
    END IF;
    fields := fields || replace(path, ',$s,p,', '.');
  END LOOP;
  RETURN fields;
END $$;

-- The guards of one table: per field of FerretDB's btree indexes, a partial index of the documents whose
-- exact key is NULL, which answers the patch's guard `NOT EXISTS (… WHERE key IS NULL)` at once, unless
-- an exact-key twin of the table leads with that key: `key IS NULL` is then a condition of that twin's
-- first column, and the patch's guard reads the twin (one descent, no entry found where every key is
-- exact). Such a guard was never read and cost an evaluation of the key per written row (and a pass over
-- the table at each index build, as long as building a btree): it is dropped where one is left from
-- before. A dotted path's guard is named by its key's expression (which once changed: a path through
-- null or a scalar became missing), so a database holding the former one gets the new one; a top-level
-- field's keeps its name.
CREATE OR REPLACE FUNCTION ferretdb_exact_guards(index_table regclass) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  table_name text;
  schema_name text;
  shape record;
  twin record;
  fields text[] := '{}';
  led text[] := '{}';
  field text;
  key_sql text;
  guard_name text;
BEGIN
  SELECT c.relname, n.nspname INTO table_name, schema_name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = index_table;
  IF table_name IS NULL OR table_name LIKE '\_ferretdb\_%' THEN
    RETURN;
  END IF;
  FOR shape IN
    SELECT s.fields, s.columns
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
    CROSS JOIN LATERAL ferretdb_exact_index_shape(i.indexrelid) s
    WHERE i.indrelid = index_table AND am.amname = 'btree'
  LOOP
    CONTINUE WHEN shape.fields IS NULL;
    fields := fields || shape.fields;
    IF to_regclass(format('%I.%I', schema_name, ferretdb_exact_twin_name(index_table, shape.columns))) IS NOT NULL THEN
      led := led || shape.fields[1];
    END IF;
  END LOOP;
  -- The twins that took the place of FerretDB's btrees under their names (ferretdb_exact_twin_in_place):
  -- their fields are those of FerretDB's index (and _id's, which the twin of FerretDB's _id index leads
  -- anyway), and they lead with the first.
  FOR twin IN
    SELECT c.relname, ferretdb_exact_twin_fields(i.indexrelid) AS fields
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = index_table AND am.amname = 'btree' AND i.indpred IS NULL
  LOOP
    CONTINUE WHEN twin.fields IS NULL;
    led := led || twin.fields[1];
    IF twin.relname NOT LIKE '%\_xs' THEN
      fields := fields || twin.fields;
    END IF;
  END LOOP;
  FOR field IN SELECT DISTINCT unnest(fields) LOOP
    key_sql := ferretdb_exact_key(string_to_array(field, '.'));
    guard_name := left(table_name, 40) || '_' || left(md5(CASE WHEN field LIKE '%.%' THEN key_sql ELSE field END), 12) || '_xg';
    IF field = ANY (led) THEN
      IF to_regclass(format('%I.%I', schema_name, guard_name)) IS NOT NULL THEN
        PERFORM ferretdb_drop_unread_index(schema_name, guard_name);
      END IF;
    ELSIF to_regclass(format('%I.%I', schema_name, guard_name)) IS NULL THEN
      EXECUTE format(
        'CREATE INDEX IF NOT EXISTS %I ON %s ((_jsonb -> %L)) WHERE %s IS NULL',
        guard_name, index_table, '_id', key_sql
      );
    END IF;
  END LOOP;
END $$;

-- FerretDB's btree of a non-unique index other than _id's, on `_jsonb -> 'f'`, is never read by the
-- patched build (it filters, sorts and counts by the exact keys; `@>` needs the GIN twin), yet took an
-- entry on every write: its twin takes its place under its name (the twin is renamed, FerretDB's btree
-- dropped). FerretDB's metadata lists the index by that PostgreSQL name, and listIndexes, createIndexes
-- of an existing index (a no-op: the metadata has it) and dropIndexes (DROP INDEX by that name, which
-- then drops the twin: none is left behind) never read PostgreSQL's definition, as with the trigram
-- index of a search field (ferretdb-equality-indexes.sql). Left as they are: a unique index (its btree
-- on the key alone enforces uniqueness), _id's (the writes' `_jsonb -> '_id' = …`), a partial one, one
-- whose twin could not be created. The drop and the rename are one step, tried for at most two seconds
-- on a table in use (the pass at start runs over every table in one transaction); otherwise the pair
-- stays for a later start. FerretDB's btree is still built once (the trigger runs after its CREATE INDEX).
CREATE OR REPLACE FUNCTION ferretdb_exact_twin_in_place(btree_index oid, twin_name text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  schema_name text;
  index_name text;
  twin regclass;
  previous text := current_setting('lock_timeout');
BEGIN
  SELECT n.nspname, c.relname INTO schema_name, index_name
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE i.indexrelid = btree_index AND NOT i.indisunique AND NOT i.indisprimary AND i.indpred IS NULL;
  IF index_name IS NULL OR (SELECT s.fields FROM ferretdb_exact_index_shape(btree_index) s) IS NOT DISTINCT FROM ARRAY['_id'] THEN
    RETURN;
  END IF;
  twin := to_regclass(format('%I.%I', schema_name, twin_name));
  IF twin IS NULL THEN
    RETURN;
  END IF;
  PERFORM set_config('lock_timeout', '2s', true);
  BEGIN
    EXECUTE format('DROP INDEX %I.%I', schema_name, index_name);
    EXECUTE format('ALTER INDEX %s RENAME TO %I', twin, index_name);
  EXCEPTION WHEN lock_not_available OR deadlock_detected THEN
    RAISE NOTICE 'index %.% left beside its twin (its table is in use): %', schema_name, index_name, SQLERRM;
  END;
  PERFORM set_config('lock_timeout', previous, true);
END $$;

-- The twin of one index (the pass over existing indexes below), then (ferretdb_exact_index_twins, for
-- the trigger) the guards of its table.
CREATE OR REPLACE FUNCTION ferretdb_exact_twin(btree_index oid) RETURNS regclass
LANGUAGE plpgsql AS $$
DECLARE
  index_table regclass;
  shape record;
BEGIN
  SELECT indrelid::regclass INTO index_table FROM pg_index WHERE indexrelid = btree_index;
  IF index_table IS NULL OR (SELECT relname FROM pg_class WHERE oid = index_table) LIKE '\_ferretdb\_%' THEN
    RETURN NULL;
  END IF;
  SELECT * INTO shape FROM ferretdb_exact_index_shape(btree_index);
  IF shape.columns IS NULL THEN
    RETURN NULL;
  END IF;
  -- PostgreSQL keeps an index's expressions in its pg_index row, which cannot exceed a page (8 KB, no
  -- TOAST): a dotted path's key takes about 1.2 KB of it, so a twin of more than about six such
  -- fields cannot be created. It is then left out (a warning says so) rather than failing FerretDB's
  -- createIndexes; its fields keep their guards, so the patch still answers such queries (from other twins).
  BEGIN
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON %s (%s)',
      ferretdb_exact_twin_name(index_table, shape.columns),
      index_table, array_to_string(shape.columns, ', ')
    );
  EXCEPTION WHEN program_limit_exceeded THEN
    RAISE WARNING 'no exact-key twin of index %: %', btree_index::regclass, SQLERRM;
  END;
  PERFORM ferretdb_exact_twin_in_place(btree_index, ferretdb_exact_twin_name(index_table, shape.columns));
  RETURN index_table;
END $$;

CREATE OR REPLACE FUNCTION ferretdb_exact_index_twins(btree_index oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  index_table regclass := ferretdb_exact_twin(btree_index);
BEGIN
  -- The patched build creates most twins itself, under its index's name (ferretdb-patches/
  -- with-exact-twin-indexes.patch): such an index needs no twin, but its table's guards change with it.
  IF index_table IS NULL AND (SELECT relname FROM pg_class WHERE oid = btree_index) NOT LIKE '%\_xs'
    AND ferretdb_exact_twin_fields(btree_index) IS NOT NULL THEN
    SELECT indrelid::regclass INTO index_table FROM pg_index WHERE indexrelid = btree_index;
  END IF;
  IF index_table IS NOT NULL THEN
    PERFORM ferretdb_exact_guards(index_table);
  END IF;
END $$;

CREATE OR REPLACE FUNCTION ferretdb_exact_index_trigger() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  created record;
BEGIN
  FOR created IN
    SELECT objid FROM pg_event_trigger_ddl_commands()
    WHERE command_tag = 'CREATE INDEX' AND object_type = 'index'
  LOOP
    -- The twins and guards are btree indexes too, but on expressions ferretdb_exact_index_path does
    -- not read as a field, or partial: they make no twins of their own.
    IF (SELECT am.amname FROM pg_class c JOIN pg_am am ON am.oid = c.relam WHERE c.oid = created.objid) = 'btree' THEN
      PERFORM ferretdb_exact_index_twins(created.objid);
    END IF;
  END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS ferretdb_exact_indexes;
CREATE EVENT TRIGGER ferretdb_exact_indexes ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX')
  EXECUTE FUNCTION ferretdb_exact_index_trigger();

SELECT ferretdb_exact_twin(i.indexrelid)
FROM pg_index i
JOIN pg_class c ON c.oid = i.indexrelid
JOIN pg_am am ON am.oid = c.relam
JOIN pg_class t ON t.oid = i.indrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE am.amname = 'btree'
  AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = '_jsonb' AND NOT a.attisdropped);

-- Then the guards, once per table (not per index: a table's indexes are read for each call).
SELECT ferretdb_exact_guards(t.oid)
FROM pg_class t
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE t.relkind = 'r'
  AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = '_jsonb' AND NOT a.attisdropped);

-- Twins and guards of dotted paths made before a path through null or a scalar was missing (their
-- keys hold `COALESCE(<type of a parent>, 'object') = 'object'`, where the keys above hold `<> 'array'`):
-- the statement above made their replacements; FerretDB knows nothing of them, so they are dropped.
DO $$
DECLARE
  former record;
BEGIN
  FOR former IN
    SELECT c.oid::regclass AS index_name
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'i'
      AND (c.relname LIKE '%\_xs' OR c.relname LIKE '%\_xg')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
      AND pg_get_indexdef(c.oid) LIKE '%''object''::text) = ''object''::text%'
  LOOP
    EXECUTE format('DROP INDEX %s', former.index_name);
  END LOOP;
END $$;
