/** How the statistics screens write their figures (amounts in INR, Indian digit grouping). */

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** '₹12,00,000', or '—' when there is no figure. */
export const rupees = (amount: number | null): string => (amount === null ? '—' : RUPEES.format(amount));

/** '12.0 LPA' (lakhs per annum, as placement cells state a CTC), or '—'. */
export const lakhsPerAnnum = (amount: number | null): string => (amount === null ? '—' : `${(amount / 100_000).toFixed(1)} LPA`);

/** '42.5%', or '—' when there is no population to rate. */
export const percent = (rate: number | null): string => (rate === null ? '—' : `${rate.toFixed(1)}%`);

/** A group without a value in the profiles ('' degree, school or year). */
export const groupLabel = (key: string): string => (key === '' ? 'Not given' : key);
