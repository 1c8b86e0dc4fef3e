/**
 * Ground truth of an outside-corpus file: the JSON Resume document, limited to what its layout
 * printed (the page's text as Chromium shows it, or the Word document's paragraphs) (links: or the PDF's own text holds,
 * as when a print style sheet writes a link's target after a user name). A JSON
 * section counts when some of its content is printed: work and volunteer are experience, awards
 * achievements, certificates certifications; the summary counts only under a heading of its own.
 * Words are those of the printed text; bullets the highlights (work, volunteer, projects) printed.
 */
import type { SectionKind } from '../../src/parse/sections';
import type { ResumeTruth } from '../../src/quality/truth';
import { countWords, plainText } from '../../src/text/tokens';
import type { JsonResume, OutsideResume } from './resumes';

const flat = (text: string) => plainText(text).toLowerCase().replace(/\s+/g, ' ');
const linkKey = (url: string) => url.toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '');
const digits = (text: string) => text.replace(/\D/g, '');

const SUMMARY_HEADING = /^\s*(summary|about|about me|profile|professional summary|objective)\s*$/im;

/** The printed text of each JSON section, in the schema's order. */
function sectionContent(resume: JsonResume): [SectionKind, string[]][] {
  return [
    ['experience', [...(resume.work ?? []).map((w) => w.position), ...(resume.volunteer ?? []).map((v) => v.position)]],
    ['education', (resume.education ?? []).map((e) => e.institution)],
    ['achievements', (resume.awards ?? []).map((a) => a.title)],
    ['certifications', (resume.certificates ?? []).map((c) => c.name)],
    ['publications', (resume.publications ?? []).map((p) => p.name)],
    ['skills', (resume.skills ?? []).flatMap((s) => s.keywords)],
    ['languages', (resume.languages ?? []).map((l) => l.language)],
    ['interests', (resume.interests ?? []).map((i) => i.name)],
    ['projects', (resume.projects ?? []).map((p) => p.name)],
  ];
}

const OPEN_END = /\b(present|current|now)\b/i;

/**
 * Start and end of every experience (work, volunteer) and education entry whose title the layout
 * printed, as 'experience:YYYY-MM' or 'experience:present' (no end date), one per entry (two
 * entries may share a date): a date counts when its
 * year is printed (a layout that prints years alone is matched by year), an open end when the
 * layout prints a word for it.
 */
function printedDates(resume: JsonResume, text: string): string[] {
  const entries: ['experience' | 'education', string, string, string | undefined][] = [
    ...(resume.work ?? []).map((w) => ['experience', w.position, w.startDate, w.endDate] as const),
    ...(resume.volunteer ?? []).map((v) => ['experience', v.position, v.startDate, v.endDate] as const),
    ...(resume.education ?? []).map((e) => ['education', e.institution, e.startDate, e.endDate] as const),
  ].map(([section, title, start, end]) => [section, title, start, end]);
  const dates: string[] = [];
  for (const [section, title, start, end] of entries) {
    if (!text.includes(flat(title))) continue;
    for (const date of [start, end]) {
      if (date && text.includes(date.slice(0, 4))) dates.push(`${section}:${date.slice(0, 7)}`);
      else if (!date && OPEN_END.test(text)) dates.push(`${section}:present`);
    }
  }
  return dates;
}

export function truthFromPrinted(
  outside: OutsideResume,
  { file, text: printed, printed: held, pages }: { file: string; text: string; printed: string; pages: number | null },
  layout: ResumeTruth['layout'],
): ResumeTruth {
  const { basics } = outside.resume;
  const heldText = flat(held);
  const text = flat(printed);
  const shown = (value: string | undefined) => Boolean(value && text.includes(flat(value)));
  const printedDigits = digits(printed);
  const links = [basics.url, ...(basics.profiles ?? []).map((p) => p.url)].filter((url): url is string => Boolean(url) && (text.includes(linkKey(url!)) || heldText.includes(linkKey(url!))));
  const sections: SectionKind[] = [];
  if (basics.summary && shown(basics.summary) && SUMMARY_HEADING.test(plainText(printed))) sections.push('summary');
  for (const [kind, contents] of sectionContent(outside.resume)) if (contents.some(shown) && !sections.includes(kind)) sections.push(kind);
  return {
    file,
    layout,
    industry: outside.industry,
    quality: 'strong',
    person: outside.id,
    name: basics.name,
    email: shown(basics.email) ? basics.email! : null,
    phone: basics.phone && printedDigits.includes(digits(basics.phone)) ? basics.phone : null,
    links,
    sections,
    skills: (outside.resume.skills ?? []).flatMap((s) => s.keywords).filter(shown),
    scoreBand: [0, 100],
    pages,
    // The file's own text where it has one: a print style sheet may write a link's target after its
    // name, which the page's innerText leaves out but the PDF holds (and an ATS counts).
    words: countWords(plainText(held || printed)),
    dates: printedDates(outside.resume, text),
    bullets: [...(outside.resume.work ?? []), ...(outside.resume.volunteer ?? []), ...(outside.resume.projects ?? [])].flatMap((entry) => entry.highlights ?? []).filter(shown).length,
  };
}
