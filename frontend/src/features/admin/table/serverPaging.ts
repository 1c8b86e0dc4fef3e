import { totalOf } from '../../../shared/api/totalCount';
import { toggledSort, type Sort } from './SortableHeader';

/**
 * Rows an admin table paged by the server shows at once. A placement cell keeps every job for years (tens
 * of thousands), so such a list is paged and sorted by the server, not fetched whole and sorted in the
 * browser.
 */
export const SERVER_PAGE_SIZE = 50;

/** A list paged and sorted by the server: the 1-based page shown, its sort (null: the server's own order) and how many rows match in all. */
export interface ServerPaging<Field extends string> {
  page: number;
  sort: Sort<Field> | null;
  total: number;
}

export const firstPage = <Field extends string>(sort: Sort<Field> | null = null): ServerPaging<Field> => ({ page: 1, sort, total: 0 });

/** A header click: that column's order (toggled when it is the sorted one), from the first page. */
export const sortedBy = <Field extends string>(paging: ServerPaging<Field>, field: Field): ServerPaging<Field> => ({ ...paging, sort: toggledSort(paging.sort, field), page: 1 });

export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / SERVER_PAGE_SIZE));

/** The last page, when the page asked for came back empty past the end (rows deleted meanwhile); else null. */
export const lastPageIfPastTheEnd = (page: number, rows: number, total: number): number | null => (rows === 0 && page > pageCount(total) ? pageCount(total) : null);

/**
 * What the reply of a page says of the whole list: how many rows match in all (X-Total-Count, else a
 * count in the body, else the pages up to this one) and, when the page lay past the end, the last page
 * to ask for instead (null otherwise).
 */
export function pageReplyOf(headers: unknown, page: number, rows: number, countInBody?: number): { total: number; lastPage: number | null } {
  const total = totalOf(headers, countInBody ?? (page - 1) * SERVER_PAGE_SIZE + rows);
  return { total, lastPage: lastPageIfPastTheEnd(page, rows, total) };
}

/**
 * The action that puts a page's reply (a bare array of rows) into the state: `loaded` with its rows and how
 * many match in all, or, when the page lay past the end (rows deleted meanwhile), `chosen` with the last
 * page to ask for instead.
 */
export function pageReplyAction<Row, Action>(
  reply: { headers: unknown; data: unknown },
  page: number,
  loaded: (reply: { items: Row[]; total: number }) => Action,
  chosen: (page: number) => Action,
): Action {
  const items = Array.isArray(reply.data) ? (reply.data as Row[]) : [];
  const { total, lastPage } = pageReplyOf(reply.headers, page, items.length);
  return lastPage === null ? loaded({ items, total }) : chosen(lastPage);
}

/** The list call's paging parameters. */
export const pagingParams = <Field extends string>({ page, sort }: Pick<ServerPaging<Field>, 'page' | 'sort'>) => ({
  page,
  limit: SERVER_PAGE_SIZE,
  ...(sort ? { sort: sort.field, order: sort.order } : {}),
});
