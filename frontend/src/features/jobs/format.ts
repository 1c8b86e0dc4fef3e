import { LIMITS } from '@placement/domain';

/** Eligibility on a card: at most 100 characters, then an ellipsis. */
export function truncate(text: string | null | undefined, max: number = LIMITS.eligibilityPreviewChars): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** en-US's short month names, as `toLocaleDateString('en-US', { month: 'short' })` gives them. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A date in en-US (e.g. 'Jul 1, 2025'), or null when missing or unreadable: the text of
 * `toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })`, spelled out.
 * A fresh page's first Intl date format loads ICU's locale data, and the listing's cards asked for it in
 * their first render: 50-130 ms of main thread before the first card showed (issue 14, docs/decisions.md).
 */
export function shortDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

export const postedLabel = (createdAt: string | null | undefined): string => {
  const date = shortDate(createdAt);
  return date ? `Posted ${date}` : 'Recently';
};

export const vacanciesLabel = (vacancies: number | null | undefined): string => `${vacancies ?? 1} position(s)`;

export const joined = (values: readonly string[] | null | undefined): string => (values ?? []).filter(Boolean).join(', ');
