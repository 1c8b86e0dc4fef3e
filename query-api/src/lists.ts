import type { Response } from 'express';
import type { Collection, Document, Filter, Sort, WithId } from 'mongodb';
import { z } from 'zod';
import { SEARCH_LIST_SEPARATOR } from '@placement/platform';

/** Header that carries the number of matches when a list reply is a bare array. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Longest page a client may ask for. */
export const MAX_PAGE_SIZE = 500;

/** The page size of a list whose screen names none, when a client pages without a size. */
export const DEFAULT_PAGE_SIZE = 50;

/** Optional paging of a list: `page` (from 1) and `limit` (page size). */
export const pagingQuery = {
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
};

/** Optional free text: blank means no filter. */
export const optionalText = () =>
  z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((text) => (text ? text : undefined));

/** 'true' or 'false' in a query string; absent is false. */
export const booleanFlag = () =>
  z
    .enum(['true', 'false'])
    .optional()
    .transform((flag) => flag === 'true');

export interface Page {
  skip: number;
  limit: number;
}

/** The page asked for, or null (the whole list) when neither `page` nor `limit` is given. */
export function pageOf(query: { page?: number | undefined; limit?: number | undefined }, defaultSize: number): Page | null {
  if (query.page === undefined && query.limit === undefined) return null;
  const limit = query.limit ?? defaultSize;
  return { skip: ((query.page ?? 1) - 1) * limit, limit };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches a lower-cased field holding `text` anywhere, regardless of case. On a top-level string field
 * named `search…` (and flat or inside `$and`) the local server answers it from a trigram index.
 */
export const containing = (text: string): Document => ({ $regex: escapeRegex(text.toLowerCase()) });

/** A filter matching documents whose lower-cased `fields` (any of them) hold `text`. */
export const anyFieldContaining = (fields: readonly string[], text: string): Document =>
  fields.length === 1 ? { [fields[0]!]: containing(text) } : { $or: fields.map((field) => ({ [field]: containing(text) })) };

/**
 * A list field's condition: one of its elements holds `text`, regardless of case. `joined` is the
 * list's top-level `search…` copy (the elements lower-cased, joined by SEARCH_LIST_SEPARATOR), which
 * the local server answers from a trigram index; a term without the separator lies in the joined text
 * exactly when it lies in one element. A term holding the separator could match across two elements
 * there, so it is matched against `elements` (the lower-cased list itself, unindexed) instead.
 */
export const elementContaining = (joined: string, elements: string, text: string): Document =>
  text.includes(SEARCH_LIST_SEPARATOR) ? { [elements]: containing(text) } : { [joined]: containing(text) };

/** The condition of `anyFieldContaining` over `single` fields and `lists` ([joined, elements] pairs, see elementContaining). */
export const anyFieldOrElementContaining = (single: readonly string[], lists: readonly (readonly [string, string])[], text: string): Document => ({
  $or: [...single.map((field) => ({ [field]: containing(text) })), ...lists.map(([joined, elements]) => elementContaining(joined, elements, text))],
});

/**
 * Every condition at once, as one flat filter where their fields differ; a condition on a field already
 * named goes into `$and`. The same documents match as with `$and` over all of them, but a flat filter's
 * equalities reach the local FerretDB's index (it pushes down no condition nested in `$and`).
 */
export function allOf(conditions: readonly Document[]): Document {
  const merged: Document = {};
  const repeated: Document[] = [];
  for (const condition of conditions) {
    if (Object.keys(condition).some((field) => field in merged)) repeated.push(condition);
    else Object.assign(merged, condition);
  }
  return repeated.length === 0 ? merged : { ...merged, $and: repeated };
}

/** A copy of `document` without the fields no reply shows (search copies, the projection guard). */
export function withoutFields<Doc extends Document>(document: Doc, fields: readonly string[]): Omit<Doc, (typeof fields)[number]> {
  const copy: Document = { ...document };
  for (const field of fields) delete copy[field];
  return copy as Doc;
}

/** A bare array, with the number of all matches (beyond this page) in X-Total-Count. */
export function sendList(res: Response, items: unknown[], total: number): void {
  res.setHeader(TOTAL_COUNT_HEADER, String(total));
  res.json(items);
}

/** A list in the query string, comma-joined ('a,b') or repeated (a=..&a=..); blank items dropped; none means no filter. */
export const commaSeparated = () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => {
      const items = (Array.isArray(value) ? value : [value ?? ''])
        .flatMap((text) => text.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== '');
      return items.length === 0 ? undefined : items;
    });

export type SortOrder = 'asc' | 'desc';
export const sortOrderQuery = z.enum(['asc', 'desc']).optional();

/**
 * Sorts by one column: ascending unless told otherwise (the columns in `descendingByDefault`, such
 * as dates, newest first); ties by id, so that pages never overlap.
 */
export function sortByColumn<Column extends string>(
  columns: Readonly<Record<Column, string>>,
  column: Column,
  order: SortOrder | undefined,
  descendingByDefault: readonly Column[] = [],
): Sort {
  const direction = (order ?? (descendingByDefault.includes(column) ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
  return { [columns[column]]: direction, _id: direction };
}

/** One page of matches (or all of them) and the number of all matches. */
export async function findListed<Doc extends Document>(
  collection: Collection<Doc>,
  filter: Filter<Doc>,
  options: { sort: Sort; page: Page | null; projection?: Document },
): Promise<{ items: WithId<Doc>[]; total: number }> {
  let cursor = collection.find(filter, options.projection ? { projection: options.projection } : {}).sort(options.sort);
  if (options.page) cursor = cursor.skip(options.page.skip).limit(options.page.limit);
  // The page and the count are independent reads: asked at once, a paged reply waits for the slower only.
  const [items, total] = await Promise.all([cursor.toArray(), options.page ? collection.countDocuments(filter) : undefined]);
  return { items, total: total ?? items.length };
}
