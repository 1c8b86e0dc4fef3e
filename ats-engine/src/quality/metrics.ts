import type { AnalysisResponse } from '../analyze';
import { normalizeLink } from '../parse/contact';
import { normalizeSkill } from '../parse/skills';
import type { ResumeTruth } from './truth';

/**
 * Extraction accuracy against the corpus's ground truth, per field, micro-averaged over files:
 * precision = TP / (TP + FP), recall = TP / (TP + FN). Values are compared normalised:
 * name and e-mail case-insensitively, phones by their last 10 digits, links without scheme or
 * www., skills in lower case without spaces around symbols, sections by kind.
 */

export const FIELDS = ['name', 'email', 'phone', 'links', 'sections', 'skills'] as const;
export type Field = (typeof FIELDS)[number];

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface FileResult {
  truth: ResumeTruth;
  score: number | null;
  error: string | null;
  counts: Record<Field, Counts>;
  /** For the report: what was missed or invented, per field. */
  misses: Partial<Record<Field, { missing: string[]; extra: string[] }>>;
  inBand: boolean;
  ms: number;
  /** Entry dates matched, invented and missed, where the truth has them. */
  dates?: Counts & { missing: string[]; extra: string[] };
  /** Word and bullet counts, found against true, where the truth has them. */
  words?: { truth: number; found: number };
  bullets?: { truth: number; found: number };
}

const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-10);
const nameKey = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

function compare(expected: string[], found: string[]): { counts: Counts; missing: string[]; extra: string[] } {
  const e = new Set(expected);
  const f = new Set(found);
  const missing = [...e].filter((x) => !f.has(x));
  const extra = [...f].filter((x) => !e.has(x));
  return { counts: { tp: e.size - missing.length, fp: extra.length, fn: missing.length }, missing, extra };
}

/** Dates found, as 'section:key', from the entry dates of a reply or a parse. */
export const dateKeys = (dates: { experience: string[]; education: string[] }): string[] => [
  ...dates.experience.map((d) => `experience:${d}`),
  ...dates.education.map((d) => `education:${d}`),
];

/**
 * Entry dates against the truth, both lists (two entries may share a date): a found date matches a
 * true one of its section and month, or of its year when it names no month (a layout that prints
 * years alone); each true date is matched once.
 */
export function compareDates(truth: readonly string[], found: readonly string[]): Counts & { missing: string[]; extra: string[] } {
  const open = [...truth];
  const take = (index: number) => index >= 0 && open.splice(index, 1).length === 1;
  const extra: string[] = [];
  for (const key of found) {
    if (take(open.indexOf(key))) continue;
    const yearOnly = /^(\w+):(\d{4})$/.exec(key);
    if (yearOnly && take(open.findIndex((t) => t.startsWith(`${yearOnly[1]}:${yearOnly[2]}-`)))) continue;
    extra.push(key);
  }
  const missing = open;
  return { tp: truth.length - missing.length, fp: extra.length, fn: missing.length, missing, extra };
}

export function scoreFile(
  truth: ResumeTruth,
  response: AnalysisResponse | undefined,
  error: string | null,
  ms: number,
  dates?: { experience: string[]; education: string[] },
): FileResult {
  const found = {
    name: response?.contact.name ? [nameKey(response.contact.name)] : [],
    email: response?.contact.email ? [response.contact.email.toLowerCase()] : [],
    phone: response?.contact.phone ? [phoneKey(response.contact.phone)] : [],
    links: (response?.contact.links ?? []).map(normalizeLink),
    sections: response?.sections.found ?? [],
    skills: (response?.skills ?? []).map(normalizeSkill),
  };
  const expected = {
    name: [nameKey(truth.name)],
    email: truth.email ? [truth.email.toLowerCase()] : [],
    phone: truth.phone ? [phoneKey(truth.phone)] : [],
    links: truth.links.map(normalizeLink),
    sections: truth.sections,
    skills: truth.skills.map(normalizeSkill),
  };
  const counts = {} as Record<Field, Counts>;
  const misses: FileResult['misses'] = {};
  for (const field of FIELDS) {
    const result = compare(expected[field], found[field]);
    counts[field] = result.counts;
    if (result.missing.length || result.extra.length) misses[field] = { missing: result.missing, extra: result.extra };
  }
  const score = response?.ats_score ?? null;
  const result: FileResult = { truth, score, error, counts, misses, inBand: score !== null && score >= truth.scoreBand[0] && score <= truth.scoreBand[1], ms };
  if (truth.words !== undefined) result.words = { truth: truth.words, found: response?.metrics.wordCount ?? 0 };
  if (truth.bullets !== undefined) result.bullets = { truth: truth.bullets, found: response?.metrics.bulletCount ?? 0 };
  if (truth.dates !== undefined) result.dates = compareDates(truth.dates, dates ? dateKeys(dates) : []);
  return result;
}

export const precision = (c: Counts) => (c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp));
export const recall = (c: Counts) => (c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn));

export function sumCounts(results: readonly FileResult[], field: Field): Counts {
  return results.reduce((sum, r) => ({ tp: sum.tp + r.counts[field].tp, fp: sum.fp + r.counts[field].fp, fn: sum.fn + r.counts[field].fn }), { tp: 0, fp: 0, fn: 0 });
}

const pct = (n: number) => `${(100 * n).toFixed(1)}`;

/** Markdown tables: accuracy per field, per file layout, and strong against weak per industry. */
export function renderReport(results: readonly FileResult[]): string {
  const out: string[] = [];
  out.push(`${results.length} generated resumes; ${results.filter((r) => r.error).length} failed to analyse.`, '');
  out.push('| Field | Precision % | Recall % | TP | FP | FN |', '|---|---:|---:|---:|---:|---:|');
  for (const field of FIELDS) {
    const c = sumCounts(results, field);
    out.push(`| ${field} | ${pct(precision(c))} | ${pct(recall(c))} | ${c.tp} | ${c.fp} | ${c.fn} |`);
  }
  out.push('');
  const layouts = [...new Set(results.map((r) => r.truth.layout))];
  out.push('| Layout | Files | Name R % | E-mail R % | Phone R % | Links R % | Sections P / R % | Skills P / R % | Score in band | Mean ms (3 in flight) |');
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const layout of layouts) {
    const group = results.filter((r) => r.truth.layout === layout);
    const r = (field: Field) => pct(recall(sumCounts(group, field)));
    const pr = (field: Field) => `${pct(precision(sumCounts(group, field)))} / ${r(field)}`;
    const ms = group.reduce((sum, g) => sum + g.ms, 0) / group.length;
    out.push(
      `| ${layout} | ${group.length} | ${r('name')} | ${r('email')} | ${r('phone')} | ${r('links')} | ${pr('sections')} | ${pr('skills')} | ${group.filter((g) => g.inBand).length}/${group.length} | ${ms.toFixed(0)} |`,
    );
  }
  out.push('');
  out.push('| Industry | Strong (one-column PDF) | Weak variant | Strong above weak |', '|---|---:|---:|---|');
  const industries = [...new Set(results.map((r) => r.truth.industry))];
  for (const industry of industries) {
    const pair = results.filter((r) => r.truth.industry === industry && r.truth.layout === 'pdf-one-column');
    const strong = pair.find((r) => r.truth.quality === 'strong');
    const weak = pair.find((r) => r.truth.quality === 'weak');
    const ok = typeof strong?.score === 'number' && typeof weak?.score === 'number' && strong.score > weak.score;
    out.push(`| ${industry} | ${strong?.score ?? '-'} | ${weak?.score ?? '-'} | ${ok ? 'yes' : 'NO'} |`);
  }
  return out.join('\n');
}

/** Share of files whose word count is within 10 % of the truth. */
export const wordsWithin10 = (results: readonly FileResult[]): number => {
  const counted = results.filter((r) => r.words);
  return counted.length === 0 ? 1 : counted.filter((r) => Math.abs(r.words!.found - r.words!.truth) <= 0.1 * r.words!.truth).length / counted.length;
};

/** Share of files whose bullet count is within one of the truth. */
export const bulletsWithin1 = (results: readonly FileResult[]): number => {
  const counted = results.filter((r) => r.bullets);
  return counted.length === 0 ? 1 : counted.filter((r) => Math.abs(r.bullets!.found - r.bullets!.truth) <= 1).length / counted.length;
};

/** Entry dates summed over files. */
export const sumDates = (results: readonly FileResult[]): Counts =>
  results.reduce((sum, r) => ({ tp: sum.tp + (r.dates?.tp ?? 0), fp: sum.fp + (r.dates?.fp ?? 0), fn: sum.fn + (r.dates?.fn ?? 0) }), { tp: 0, fp: 0, fn: 0 });

/** Precision and recall of every field for each layout of the outside corpus, and over all of it. */
export function renderLayoutReport(results: readonly FileResult[]): string {
  const out: string[] = [];
  const layouts = [...new Set(results.map((r) => r.truth.layout))];
  const header = FIELDS.map((f) => `${f} P / R %`).join(' | ');
  out.push(`| Layout | Files | Failed | ${header} | dates P / R % | Words ±10 % | Bullets ±1 | Mean ms |`, `|---|---:|---:|${FIELDS.map(() => '---:').join('|')}|---:|---:|---:|---:|`);
  const row = (label: string, group: readonly FileResult[]) => {
    const cells = FIELDS.map((field) => {
      const c = sumCounts(group, field);
      return `${pct(precision(c))} / ${pct(recall(c))}`;
    });
    const ms = group.reduce((sum, g) => sum + g.ms, 0) / group.length;
    const dates = sumDates(group);
    out.push(`| ${label} | ${group.length} | ${group.filter((g) => g.error).length} | ${cells.join(' | ')} | ${pct(precision(dates))} / ${pct(recall(dates))} | ${pct(wordsWithin10(group))} | ${pct(bulletsWithin1(group))} | ${ms.toFixed(0)} |`);
  };
  for (const layout of layouts) row(layout, results.filter((r) => r.truth.layout === layout));
  row('**all**', results);
  return out.join('\n');
}

/** Each file's misses, for finding what a layout trips on. */
export function renderMisses(results: readonly FileResult[]): string {
  return results
    .filter((r) => r.error || Object.keys(r.misses).length > 0 || r.dates?.fp || r.dates?.fn)
    .map((r) => `${r.truth.file}: ${r.error ?? JSON.stringify({ ...r.misses, ...(r.dates?.fp || r.dates?.fn ? { dates: { missing: r.dates.missing, extra: r.dates.extra } } : {}) })}`)
    .join('\n');
}
