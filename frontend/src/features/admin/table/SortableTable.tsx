import { useMemo, useState, type ReactNode } from 'react';
import { LoadingMessage } from '../components/ListState';
import { sortBy } from '../format';
import { SortableHeader, toggledSort, type Sort } from './SortableHeader';

/** A sortable column: its field, its header and the value it sorts by. */
export interface SortColumn<Row, Field extends string> {
  field: Field;
  label: string;
  value: (row: Row) => unknown;
}

/** Rows in the order of the chosen column (the given order while none is chosen), and the sort state for the headers. */
export function useSortedRows<Row, Field extends string>(items: readonly Row[], columns: readonly SortColumn<Row, Field>[], initial: Sort<Field> | null) {
  const [sort, setSort] = useState<Sort<Field> | null>(initial);
  const rows = useMemo(() => {
    const column = sort && columns.find((c) => c.field === sort.field);
    return sort && column ? sortBy(items, column.value, sort.order) : items;
  }, [items, columns, sort]);
  const onSort = (field: Field) => setSort((current) => toggledSort(current, field));
  return { rows, sort, onSort };
}

/** Ticking rows: the ids ticked, where a new selection goes, and the select-all checkbox's label; each row's checkbox is labelled by `rowLabel`. */
export interface RowSelection<Row> {
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  allLabel: string;
  rowLabel: (row: Row) => string;
}

interface SortableTableProps<Row extends { _id: string }, Field extends string> {
  caption: string;
  columns: readonly SortColumn<Row, Field>[];
  rows: readonly Row[];
  sort: Sort<Field> | null;
  onSort: (field: Field) => void;
  loading: boolean;
  loadingText: string;
  emptyText: string;
  selection?: RowSelection<Row>;
  /** A row's cells after its checkbox: one per column, then the Actions cell. */
  children: (row: Row) => ReactNode;
}

/**
 * An admin list table: the loading line until the first rows arrive, then sortable headers, an optional
 * checkbox column with select-all, an Actions column, and one row spanning them all when there are no rows.
 */
export function SortableTable<Row extends { _id: string }, Field extends string>({ caption, columns, rows, sort, onSort, loading, loadingText, emptyText, selection, children }: SortableTableProps<Row, Field>) {
  if (loading && rows.length === 0) return <LoadingMessage>{loadingText}</LoadingMessage>;

  const selected = selection?.selected ?? [];
  const allSelected = rows.length > 0 && rows.every((row) => selected.includes(row._id));
  const toggleAll = () => selection?.onChange(allSelected ? [] : rows.map((row) => row._id));
  const toggleOne = (id: string) => selection?.onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);

  return (
    <table className="admin-table" aria-busy={loading}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {selection && (
            <th scope="col">
              <input type="checkbox" checked={allSelected} onChange={toggleAll} aria-label={selection.allLabel} disabled={rows.length === 0} />
            </th>
          )}
          {columns.map((c) => (
            <SortableHeader key={c.field} field={c.field} label={c.label} sort={sort} onSort={onSort} />
          ))}
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length + (selection ? 2 : 1)} className="admin-table__empty">
              {emptyText}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row._id}>
              {selection && (
                <td>
                  <input type="checkbox" checked={selected.includes(row._id)} onChange={() => toggleOne(row._id)} aria-label={selection.rowLabel(row)} />
                </td>
              )}
              {children(row)}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
