/** Display helpers of Job Management. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A local calendar date; a bare 'YYYY-MM-DD' is that day wherever the admin is. 'N/A' when missing or unreadable. */
export function localDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return DATE_ONLY.test(value) ? date.toLocaleDateString(undefined, { timeZone: 'UTC' }) : date.toLocaleDateString();
}

/** A value as shown in the overlay: 'N/A' when missing or blank; lists joined with commas. */
export function shown(value: string | number | readonly string[] | null | undefined): string {
  if (Array.isArray(value)) return value.filter(Boolean).join(', ') || 'N/A';
  if (value === null || value === undefined) return 'N/A';
  const text = String(value).trim();
  return text === '' ? 'N/A' : text;
}
