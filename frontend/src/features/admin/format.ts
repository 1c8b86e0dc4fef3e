/** Shared display helpers of the admin screens. */
export const capitalise = (text: string | null | undefined): string => (text ? text.charAt(0).toUpperCase() + text.slice(1) : '');

/** Local date-time (spec: 'Dates show in the local date-time format'); fallback when missing or invalid. */
export function localDateTime(value: string | null | undefined, fallback = 'N/A'): string {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date.toLocaleString();
}

/** Numeric-aware string comparison, used by every sortable admin table. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
export const compareText = (a: unknown, b: unknown): number => collator.compare(asText(a), asText(b));

export type SortOrder = 'asc' | 'desc';

export function sortBy<T>(items: readonly T[], key: (item: T) => unknown, order: SortOrder): T[] {
  const factor = order === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => factor * compareText(key(a), key(b)));
}
