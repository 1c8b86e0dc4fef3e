import type { SortOrder } from '../format';

export interface Sort<Field extends string> {
  field: Field;
  order: SortOrder;
}

/** Clicking the sorted column flips its direction; another column starts ascending. */
export const toggledSort = <Field extends string>(current: Sort<Field> | null, field: Field): Sort<Field> =>
  current?.field === field ? { field, order: current.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' };

/** A column header that sorts on click, with an arrow for the direction and aria-sort for assistive technology. */
export function SortableHeader<Field extends string>({ field, label, sort, onSort }: { field: Field; label: string; sort: Sort<Field> | null; onSort: (field: Field) => void }) {
  const active = sort?.field === field;
  return (
    <th scope="col" aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="admin-table__sort" onClick={() => onSort(field)}>
        {label}
        {active && <span aria-hidden="true">{sort.order === 'asc' ? ' ↑' : ' ↓'}</span>}
      </button>
    </th>
  );
}
