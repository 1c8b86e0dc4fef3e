/**
 * Dates and date ranges as resumes write them: "Jun 2020 - Present", "June 2020 – May 2022",
 * "06/2019 - 08/2020", "2019-05", "2018 - 2022", "2021". Each date gets a style, so a resume that
 * mixes styles (e.g. "Jun 2020" in one entry, "06/2021" in another) can be told so.
 */

export type DateStyle = 'Mon YYYY' | 'Month YYYY' | 'MM/YYYY' | 'YYYY-MM' | 'YYYY';

export interface FoundDate {
  text: string;
  style: DateStyle;
  /** Part of a range ("2019 - 2021", "Jun 2020 - Present"). */
  inRange: boolean;
}

const MONTHS = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)';
const FULL_MONTHS = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
const DATE_SOURCE = `(?:${FULL_MONTHS}\\s+(?:19|20)\\d{2}|${MONTHS}\\.?,?\\s+(?:19|20)\\d{2}|(?:0?[1-9]|1[0-2])/(?:19|20)\\d{2}|(?:19|20)\\d{2}-(?:0[1-9]|1[0-2])\\b|(?:19|20)\\d{2})`;
const RANGE = new RegExp(`(${DATE_SOURCE})\\s*(?:[-–—]+|to|until)\\s*(${DATE_SOURCE}|present|current|now|till date|today|ongoing)`, 'gi');
const SINGLE = new RegExp(`(?<![\\w/])(${DATE_SOURCE})(?![\\w/])`, 'gi');

export function styleOf(date: string): DateStyle {
  const d = date.toLowerCase();
  if (new RegExp(`^${FULL_MONTHS}\\s`).test(d)) return 'Month YYYY';
  if (new RegExp(`^${MONTHS}`).test(d)) return 'Mon YYYY';
  if (d.includes('/')) return 'MM/YYYY';
  if (/^\d{4}-\d{2}$/.test(d)) return 'YYYY-MM';
  return 'YYYY';
}

export function findDates(line: string): FoundDate[] {
  const found: FoundDate[] = [];
  const text = line.replace(/[\u2010-\u2015]/g, '-');
  const covered: [number, number][] = [];
  for (const match of text.matchAll(RANGE)) {
    covered.push([match.index, match.index + match[0].length]);
    found.push({ text: match[1]!, style: styleOf(match[1]!), inRange: true });
    const end = match[2]!;
    if (/\d/.test(end)) found.push({ text: end, style: styleOf(end), inRange: true });
  }
  for (const match of text.matchAll(SINGLE)) {
    if (covered.some(([a, b]) => match.index >= a && match.index < b)) continue;
    found.push({ text: match[1]!, style: styleOf(match[1]!), inRange: false });
  }
  return found;
}

/** Styles used for month-precise dates; more than one is inconsistent. Years alone are style-neutral. */
export function monthStyles(dates: readonly FoundDate[]): DateStyle[] {
  return [...new Set(dates.map((d) => d.style).filter((style) => style !== 'YYYY'))].sort();
}

const MONTH_NUMBER: Record<string, string> = { jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06', jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12' };

/** A found date as a key: 'YYYY-MM' when it names a month, else 'YYYY'. */
export function dateKey(date: string): string {
  const d = date.toLowerCase();
  const year = /(?:19|20)\d{2}/.exec(d)![0];
  const month = /^([a-z]{3})/.exec(d)?.[1];
  if (month && MONTH_NUMBER[month]) return `${year}-${MONTH_NUMBER[month]}`;
  const numeric = /^(\d{1,2})\/|^\d{4}-(\d{2})/.exec(d);
  if (numeric) return `${year}-${(numeric[1] ?? numeric[2])!.padStart(2, '0')}`;
  return year;
}

const RANGE_ONCE = new RegExp(RANGE.source, 'i');
const OPEN_END = /^(?:present|current|now|till date|today|ongoing)\b/i;
/** A range whose end the layout set on the next line ("Jul 2022 –" over "Present"): the line ends its first segment in a dash. */
const DANGLING = new RegExp(`(${DATE_SOURCE})\\s*[-–—]+\\s*(?:$|\\s{2})`, 'i');

/**
 * The dates of a section's entries as keys ('YYYY-MM', 'YYYY' or 'present'), in order: every date
 * of its lines, and 'present' where a range is left open. A range broken over two lines (a narrow
 * date column: "Jul 2022 –" then "Present") is read across them.
 */
export function entryDates(lines: readonly string[]): string[] {
  const keys: string[] = [];
  lines.forEach((line, index) => {
    const text = line.replace(/[\u2010-\u2015]/g, '-');
    for (const match of text.matchAll(RANGE)) if (!/\d/.test(match[2]!)) keys.push('present');
    for (const date of findDates(text)) keys.push(dateKey(date.text));
    const next = lines[index + 1];
    if (next && DANGLING.test(text) && !RANGE_ONCE.test(text) && OPEN_END.test(next.trim())) keys.push('present');
  });
  return keys;
}
