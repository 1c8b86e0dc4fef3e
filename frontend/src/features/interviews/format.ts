/** Spec §9: experiences show month and year, en-US. */
export function monthYear(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** A CSS modifier from a value such as 'No Selected' → 'no-selected'. */
export const modifierOf = (value: string | undefined): string => (value ?? '').toLowerCase().replace(/[^a-z]+/g, '-');
