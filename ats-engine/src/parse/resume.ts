import spokenData from '../data/spoken-languages.json';
import type { DocLine, ExtractedDocument } from '../extract/types';
import { countWords, plainText } from '../text/tokens';
import { findContact, findEmail, findLinks, findPhone, type Contact, type NameCandidate } from './contact';
import { entryDates, findDates, monthStyles, type DateStyle, type FoundDate } from './dates';
import { educationFacts, type EducationFacts } from './education';
import { matchHeading, type HeadingMatch, type SectionKind } from './sections';
import { skillItems } from './skills';
import { BULLET_GLYPH, OCR_BULLET, isQuantified, openingVerb, weakOpener } from './statements';

/**
 * Lines in reading order to a structured resume. Pure: the same lines always give the same result.
 *
 * - Each line's text is made plain first (text/tokens.ts plainText): Unicode dashes, soft hyphens,
 *   no-break spaces and ligatures would otherwise hide phones, dates and headings.
 * - In a PDF, a line starting a sentence 6 to 48 pt right of its entry's first line (10 to 48 on a
 *   scan) is a bullet whose marker was drawn as a shape or an icon font's glyph (HTML lists printed
 *   by a browser), or lost by OCR; only in experience, projects and the like.
 * - A bullet's wrapped continuation (next line, not a bullet or heading, starting in lower case,
 *   indented past the bullet, or after a line that stops mid-sentence; for a bullet known by its
 *   indent, also a short line at its left edge) joins the bullet.
 * - Text before the first heading is the 'header' section (name and contact details).
 * - "Label: content" lines inside a skills section stay there ("Languages: Java, Go"), and
 *   "Courses: ..." or "Awards: ..." inside education.
 * - Statements are bullets outside skills, education, contact and list-like sections, plus the
 *   sentences of prose in experience and projects (duties written as a paragraph, or Word bullets
 *   whose list formatting left no glyph in the text).
 */

export type SectionName = SectionKind | 'header' | 'other';

export interface ResumeLine {
  text: string;
  /** Text without its bullet glyph. */
  body: string;
  index: number;
  page: number;
  column: number;
  bullet: boolean;
  /** A bullet known by its indent alone (its marker drawn as a shape or an icon). */
  inferred?: boolean;
  headerFooter: boolean;
  ocr: boolean;
  /** Left edge on the page (PDF), if known. */
  x?: number;
  /** Type size (PDF), if known. */
  height?: number;
}

export interface Section {
  name: SectionName;
  heading?: string;
  lines: ResumeLine[];
}

export interface Statement {
  text: string;
  section: SectionName;
  bullet: boolean;
  verb?: string;
  weakOpener?: string;
  quantified: boolean;
}

export interface ParsedResume {
  contact: Contact;
  /** The e-mail or phone appears only in a page header or footer. */
  contactOnlyInHeaderFooter: boolean;
  sections: Section[];
  /** Recognised section kinds in document order, each once. */
  sectionKinds: SectionKind[];
  statements: Statement[];
  bulletCount: number;
  dates: FoundDate[];
  /** The dates of experience and education entries ('YYYY-MM', 'YYYY' or 'present'), each section's in order. */
  entryDates: { experience: string[]; education: string[] };
  /** Month-precise date styles used in experience, education and projects. */
  dateStyles: DateStyle[];
  education: EducationFacts & { sectionPresent: boolean };
  skills: string[];
  wordCount: number;
  /** Paragraphs of more than 60 words in experience, projects or summary. */
  denseParagraphs: number;
  text: string;
}

const STATEMENT_SECTIONS = new Set<SectionName>(['experience', 'projects', 'achievements', 'activities', 'other', 'summary', 'publications']);
const STAY_IN = new Map<SectionName, SectionKind[]>([
  ['skills', ['skills', 'languages', 'certifications']],
  ['education', ['education', 'certifications', 'achievements']],
]);
const DENSE_WORDS = 60;
/** Points left of the usual left edge from which a line is taken to start in a heading column. */
const HANGING = 20;

/** The left edge most lines start at (rounded to 2 points), if positions are known. */
function mostCommonEdge(lines: readonly ResumeLine[]): number | undefined {
  const counts = new Map<number, number>();
  for (const line of lines) if (line.x !== undefined) counts.set(Math.round(line.x / 2) * 2, (counts.get(Math.round(line.x / 2) * 2) ?? 0) + 1);
  let best: [number, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  return best?.[0];
}
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether a heading is letter-spaced ('S K I L L S'; kerning may close a gap: 'S U M M A RY'). */
function headingStyle(text: string): 'spaced' | 'plain' {
  const words = text.trim().split(/\s+/);
  return words.length >= 4 && words.every((word) => word.length <= 2) ? 'spaced' : 'plain';
}

/**
 * How far right of its entry's first line a PDF list item without a glyph starts (points); OCR's
 * left edges wander by a few points from line to line, so a scan's items must stand further in.
 */
const MARKER_INDENT = { min: 6, minOcr: 10, max: 48 };
/** Two pieces of text set apart by a wide gap. */
const WIDE_GAP = /\S {2,}\S/;
/** A line that stops mid-sentence: after a comma, a hyphen or a word no sentence ends with. */
const UNFINISHED =
  /(?:[,&/-]|\b(?:and|or|but|nor|by|from|with|without|of|to|the|a|an|in|on|for|at|as|into|onto|via|per|than|across|using|over|under|its|their|our|his|her|while|that|which|who|whose|between|through|within|including|such|versus|vs))$/i;

/** A wide gap followed by a bullet glyph: a margin's text (a date) on the row of a bullet. */
const MARGIN_BEFORE_BULLET = /\s{2,}(?=[•●▪◦‣∙■►➢➤✓✔➔→❖◆◇○]\s|\{\s{2})/;
/** A wide gap, a dash set apart by another wide gap, and text: a dash used as a list marker after a margin. */
const MARGIN_BEFORE_DASH = /\s{2,}(?=[-\u2013\u2014]\s{2,}\S)/u;
const OPEN_END = /\b(?:present|current|now|today|till date|ongoing)\b/i;
const OPEN_ENDS = new RegExp(OPEN_END.source, 'gi');
/** Nothing but dates and words for an open end ("present", "Jun 2020 -", "2019 - 2021"). */
function dateOnly(text: string): boolean {
  const dates = findDates(text);
  if (dates.length === 0 && !OPEN_END.test(text)) return false;
  let rest = text.replace(OPEN_ENDS, ' ');
  for (const date of dates) rest = rest.replace(date.text, ' ');
  return !/[\p{L}\p{N}]/u.test(rest);
}

/** A date range, or a date ending the line ('Jan 2020 - Present', 'Class XII, 2018'): an entry's line, not an item ('Used by 300 students in the 2024 season'). */
function datedLine(text: string): boolean {
  const dates = findDates(text);
  return dates.some((date) => date.inRange) || (dates.length > 0 && /(?:19|20)\d{2}\W*$/.test(text));
}

/**
 * A row holding a margin's text and a bullet ("present  •  Raised reading scores", a date column
 * beside its entry's first bullet in moderncv) as two lines: the margin's, then the bullet. A dash
 * is a marker only after a margin holding nothing but a date ("06/2020  –  Tutored 25 children"),
 * before words: between a title and a company ("Engineer  –  Acme") it is punctuation.
 */
function splitMarginBullets(line: DocLine): DocLine[] {
  let parts = line.text.split(MARGIN_BEFORE_BULLET);
  if (parts.length === 1) {
    const dash = MARGIN_BEFORE_DASH.exec(line.text);
    const margin = dash && plainText(line.text.slice(0, dash.index));
    if (!dash || !margin || !dateOnly(margin) || countWords(line.text.slice(dash.index)) < 2) return [line];
    parts = [line.text.slice(0, dash.index), line.text.slice(dash.index).trim()];
  }
  return parts.map((text, i) => {
    if (i === 0) return { ...line, text };
    const { x: _x, ...rest } = line;
    return { ...rest, text };
  });
}

function toResumeLines(documentLines: readonly DocLine[]): ResumeLine[] {
  const lines = documentLines.flatMap(splitMarginBullets);
  const result: ResumeLine[] = [];
  let previous: { line: ResumeLine; x?: number; inferred?: boolean } | undefined;
  /**
   * Per column, the last line that was neither a bullet nor a continuation: the left edge of the
   * current entry (a date set in a column of its own beside it does not move it). An entry goes on
   * over a page break.
   */
  const entries = new Map<number, { x: number; page: number }>();
  for (const line of lines) {
    // Wide gaps stay as two spaces: they separate a title from its date, a heading from OCR noise.
    const text = plainText(line.text).replace(/\t+/g, '  ').replace(/ {3,}/g, '  ').trim();
    if (!text) continue;
    const ocr = Boolean(line.ocr);
    const heading = matchHeading(text, { bullet: false, fuzzy: ocr });
    const marked = BULLET_GLYPH.test(text) || (ocr && OCR_BULLET.test(text));
    const stripped = marked ? text.replace(BULLET_GLYPH, '').replace(ocr ? OCR_BULLET : /^$/, '').trim() : text;
    // A dash before a date alone (' - Present' under a project with no start date) marks nothing.
    const glyph = marked && !dateOnly(stripped);
    // HTML lists printed to PDF draw their markers as shapes: an indented line that starts a
    // sentence is a list item (not after a glyph bullet, whose wrapped lines are indented too).
    // A row of pieces set apart by wide gaps ('Tools  Docker, Git', 'Present  Payments team.') is
    // a label and its text, or a margin and its entry, not an item.
    const entry = entries.get(line.column);
    const indent = line.x !== undefined && entry && (entry.page === line.page || entry.page === line.page - 1) ? line.x - entry.x : undefined;
    const inferred =
      !glyph &&
      !line.listItem &&
      !line.heading &&
      indent !== undefined &&
      indent >= (ocr ? MARKER_INDENT.minOcr : MARKER_INDENT.min) &&
      indent <= MARKER_INDENT.max &&
      !(previous?.line.bullet && !previous.inferred) &&
      /^[A-Z0-9]/.test(text) &&
      !WIDE_GAP.test(text) &&
      countWords(text) >= 3 &&
      !datedLine(text) &&
      !findEmail(text) &&
      !findPhone(text) &&
      !heading;
    // A wrapped line: it starts in lower case, or further right than its bullet, or the line
    // before it stops mid-sentence ('... with JUnit and' over 'Selenium') at or left of it.
    // An item's wrapped line at its own left edge, too short to be an item itself, is its wrap too.
    const unfinished =
      previous?.line.bullet &&
      !glyph &&
      line.x !== undefined &&
      previous.x !== undefined &&
      line.x >= previous.x - 3 &&
      (UNFINISHED.test(previous.line.text) ||
        (previous.inferred &&
          Math.abs(line.x - previous.x) <= 2 &&
          !inferred &&
          !line.listItem &&
          !/[.!?]$/.test(previous.line.text) &&
          !WIDE_GAP.test(text) &&
          !datedLine(text) &&
          !findEmail(text) &&
          !findPhone(text) &&
          findLinks(text).length === 0));
    const bullet = Boolean(line.listItem) || glyph || (inferred && !unfinished);
    const body = glyph ? stripped : text;
    const continuation =
      previous?.line.bullet &&
      !bullet &&
      !line.heading &&
      !line.listItem &&
      !heading &&
      (unfinished || /^[a-z(]/.test(text) || (line.x !== undefined && previous.x !== undefined && line.x > previous.x + 2)) &&
      previous.line.page === line.page;
    if (continuation && previous) {
      previous.line.text += ` ${text}`;
      previous.line.body += ` ${text}`;
      continue;
    }
    // A section heading is no entry, and ends the one before it: the entry's first line under it
    // may be indented from it, and lines of the section before say nothing of this one's.
    if (line.heading || (heading && !heading.inline)) entries.clear();
    else if (!bullet && line.x !== undefined && !heading) entries.set(line.column, { x: line.x, page: line.page });
    const resumeLine: ResumeLine = {
      text,
      body,
      index: result.length,
      page: line.page,
      column: line.column,
      bullet,
      headerFooter: Boolean(line.headerFooter),
      ocr,
    };
    if (line.x !== undefined) resumeLine.x = line.x;
    if (line.height !== undefined) resumeLine.height = line.height;
    if (bullet && !glyph && !line.listItem) resumeLine.inferred = true;
    result.push(resumeLine);
    previous = { line: resumeLine, x: line.x, inferred: resumeLine.inferred };
  }
  return result;
}

/**
 * A line's heading, if it is one. Its first wide-gap segment is tried on its own as well: a
 * heading column beside the section's first line ("Work  Software Engineer", the rest staying as
 * the section's first line) when the line starts left of the text's usual left edge (else
 * "Languages  Tools" over two skill groups would open a section), and OCR noise read from a rule drawn beside a heading
 * ("Education  aaa  EES", the rest dropped).
 */
function headingOf(line: ResumeLine, textEdge: number | undefined): (HeadingMatch & { beside?: boolean }) | undefined {
  const whole = matchHeading(line.text, { bullet: line.bullet, fuzzy: line.ocr });
  if (whole) return whole;
  const [first, ...rest] = line.text.split(/\s{2,}/);
  if (rest.length === 0) return undefined;
  const hanging = line.x !== undefined && textEdge !== undefined && line.x < textEdge - HANGING;
  if (!line.ocr && !hanging) return undefined;
  const match = matchHeading(first!, { bullet: line.bullet, fuzzy: line.ocr });
  if (!match || match.inline) return undefined;
  // Two names side by side at the text's edge ("Languages  Tools") label groups of a section; they open none.
  if (!hanging && rest.some((segment) => matchHeading(segment, { bullet: false, fuzzy: line.ocr }))) return undefined;
  return line.ocr ? match : { ...match, inline: rest.join('  '), beside: true };
}

/**
 * The sentences of a prose paragraph in experience or projects (duties written as text, or
 * bullets without a glyph). A paragraph under 8 words that does not end in a full stop is a
 * title, not a statement.
 */
export function sentencesOf(paragraph: string): string[] {
  const text = squash(paragraph);
  if (!text || (countWords(text) < 8 && !/[.!?]$/.test(text))) return [];
  return text
    .split(/(?<=[.!?;])\s+(?=[A-Z])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => countWords(sentence) >= 4);
}

const SPOKEN = new RegExp(`\\b(?:${spokenData.languages.join('|')})\\b`, 'i');

const KEYWORD = /^\p{L}[\p{L}\d+#./&'-]*(?: [\p{L}\d+#./&'-]+){0,2}$/u;
/** A line of keywords: one, or several set apart by wide gaps ('Excel  Tally  Valuation'). */
const keywordParts = (text: string): string[] | undefined => {
  const parts = text.trim().split(/\s{2,}/);
  return parts.every((part) => KEYWORD.test(part)) ? parts : undefined;
};

/**
 * Skill groups printed without a Skills heading (a sidebar's 'Finance' over 'Financial Modeling' /
 * 'Excel  Tally  Valuation'), in a section of no recognised kind (not the name's header, whose title
 * and profile names look alike): a title of one to three words starting in capitals, followed by
 * lines of keywords, one of which sets several apart by wide gaps (a tag layout), or at least three
 * of them each starting in capitals. Each such group is a skills section of its own.
 */
function unheadedSkillGroups(sections: readonly Section[]): Section[] {
  const groups: Section[] = [];
  for (const section of sections.filter((s) => s.name === 'other')) {
    const lines = section.lines.filter((line) => !line.bullet);
    for (let i = 0; i < lines.length; i++) {
      const title = lines[i]!.text.trim();
      if (!/^\p{Lu}/u.test(title) || keywordParts(title)?.length !== 1) continue;
      let end = i + 1;
      while (end < lines.length && keywordParts(lines[end]!.text)) end++;
      const items = lines.slice(i + 1, end);
      const tagged = items.some((line) => keywordParts(line.text)!.length >= 2);
      // Rows of one keyword each are a group only in capitals: a list of profiles ('Dribbble', 'jokafor') is none.
      if (tagged || (items.length >= 3 && items.every((line) => /^\p{Lu}/u.test(line.text.trim())))) {
        groups.push({ name: 'skills', heading: title, lines: items });
        i = end - 1;
      }
    }
  }
  return groups;
}

export function parseResume(document: ExtractedDocument): ParsedResume {
  const styled = new Map<number, boolean>();
  const lines = toResumeLines(document.lines);
  // Heading styles survive only for lines that were not merged; look them up by text.
  const headingTexts = new Set(document.lines.filter((l) => l.heading).map((l) => squash(plainText(l.text))));
  lines.forEach((line) => styled.set(line.index, headingTexts.has(squash(line.text))));

  const textEdge = mostCommonEdge(lines);
  const sections: Section[] = [{ name: 'header', lines: [] }];
  const candidates: NameCandidate[] = [];
  const heights = new Map(document.lines.map((l) => [squash(plainText(l.text)), l.height]));

  /** Type size of the current section's heading, where known. */
  let headingHeight: number | undefined;
  let headingX: number | undefined;
  for (const [index, line] of lines.entries()) {
    const current = sections.at(-1)!;
    const height = line.height ?? heights.get(squash(line.text));
    // A heading's words set smaller than the heading of the section they are in name a group
    // inside it ("Languages" or "Research" over a skills group), not a section of their own.
    // Labels with a colon ("Skills: Python, SQL") are body text, whatever their size; inside a skills
    // section, one over a list ("Research: PyTorch, CUDA") names a group of it.
    const smaller = !line.ocr && headingHeight !== undefined && height !== undefined && height < 0.9 * headingHeight;
    const found = line.headerFooter ? undefined : headingOf(line, textEdge);
    const labelled = Boolean(found?.inline && !found.beside);
    // Inside skills headed in letter-spaced type (a design applied to every heading), a heading's
    // words written plainly ('Research' under 'S K I L L S') name a group of skills. Capitals and
    // mixed case are mixed too often ('SKILLS' then 'Education') to tell.
    const restyled =
      current.name === 'skills' && current.heading !== undefined && found !== undefined && !found.inline && headingStyle(current.heading) === 'spaced' && headingStyle(line.text) !== 'spaced';
    // Inside skills, a heading's words set more than 20 pt right of the section's heading, over a
    // line at least as far right, name a group ('Languages' over 'Java  Go' under 'Skills').
    const next = lines[index + 1];
    const deeper =
      current.name === 'skills' && found !== undefined && !found.inline && headingX !== undefined && line.x !== undefined && line.x > headingX + 20 && next?.x !== undefined && next.x >= line.x - 2;
    const match = (smaller && !labelled) || restyled || deeper ? undefined : found;
    const group = labelled && current.name === 'skills' && match!.inline!.includes(',');
    const isHeading = Boolean(match && !group && (match.beside || !(match.inline && STAY_IN.get(current.name)?.includes(match.kind))));
    candidates.push({ text: line.text.trim(), index: line.index, page: line.page, height: heights.get(squash(line.text)), isHeading: isHeading || Boolean(styled.get(line.index)) });
    if (match && isHeading) {
      const section: Section = { name: match.kind, heading: line.text, lines: [] };
      headingHeight = height;
      headingX = line.x;
      if (match.inline) section.lines.push({ ...line, text: match.inline, body: match.inline });
      sections.push(section);
    } else if (styled.get(line.index) && !line.bullet && line.text.split(' ').length <= 6) {
      sections.push({ name: 'other', heading: line.text, lines: [] });
      headingHeight = height;
      headingX = line.x;
    } else if (line.headerFooter && document.format === 'pdf') {
      // A PDF's running header or footer (a page number, a name on every page) is no section's content.
      sections[0]!.lines.push(line);
    } else {
      current.lines.push(line);
    }
  }

  const texts = lines.map((line) => line.text);
  const contact = findContact(texts, candidates);
  const bodyTexts = lines.filter((line) => !line.headerFooter).map((line) => line.text);
  const contactOnlyInHeaderFooter =
    Boolean(contact.email && !bodyTexts.some((t) => findEmail(t))) || Boolean(contact.phone && !bodyTexts.some((t) => findPhone(t)));

  // A summary heading over contact details alone ('About' over an address, e-mail and profiles,
  // as some themes print it) heads no summary: a summary says something in a sentence or phrase.
  for (const section of sections) {
    if (section.name === 'summary' && !section.lines.some((line) => countWords(line.text) >= 5 && !findEmail(line.text) && !findPhone(line.text))) section.name = 'other';
  }
  // A Languages section that names no spoken language lists programming languages: a skills list.
  for (const section of sections) {
    if (section.name === 'languages' && section.lines.length > 0 && !section.lines.some((line) => SPOKEN.test(line.text))) section.name = 'skills';
  }
  // Indented lines outside experience, projects and the like (a degree under its school, contact
  // details under a name) are no list items, whatever their indent.
  for (const section of sections) {
    if (STATEMENT_SECTIONS.has(section.name)) continue;
    for (const line of section.lines) {
      if (!line.inferred) continue;
      line.bullet = false;
      delete line.inferred;
    }
  }
  const unheaded = unheadedSkillGroups(sections);
  sections.push(...unheaded);
  const sectionKinds = [...new Set(sections.map((s) => s.name).filter((name): name is SectionKind => name !== 'header' && name !== 'other'))];

  const statements: Statement[] = [];
  let bulletCount = 0;
  const addStatement = (text: string, section: SectionName, bullet: boolean) => {
    const statement: Statement = { text, section, bullet, quantified: isQuantified(text) };
    const verb = openingVerb(text);
    if (verb) statement.verb = verb;
    const weak = weakOpener(text);
    if (weak) statement.weakOpener = weak;
    statements.push(statement);
  };
  for (const section of sections) {
    let prose: string[] = [];
    const flushProse = () => {
      for (const sentence of sentencesOf(prose.join(' '))) addStatement(sentence, section.name, false);
      prose = [];
    };
    for (const line of section.lines) {
      if (line.bullet) {
        bulletCount += 1;
        flushProse();
        if (STATEMENT_SECTIONS.has(section.name)) addStatement(line.body, section.name, true);
        continue;
      }
      if (section.name !== 'experience' && section.name !== 'projects') continue;
      if (findDates(line.text).length > 0 || countWords(line.text) < 4) {
        flushProse();
        continue;
      }
      prose.push(line.text);
      // Word paragraphs arrive one per line; PDF paragraphs wrap over several lines.
      if (document.format !== 'pdf') flushProse();
    }
    flushProse();
  }

  const dated = sections.filter((s) => s.name !== 'header');
  const dates = dated.flatMap((s) => s.lines.flatMap((line) => findDates(line.text)));
  const styleSource = sections.filter((s) => ['experience', 'education', 'projects'].includes(s.name)).flatMap((s) => s.lines.flatMap((l) => findDates(l.text)));

  const educationLines = sections.filter((s) => s.name === 'education').flatMap((s) => s.lines.map((l) => l.text));
  const education = {
    ...educationFacts(educationLines.length > 0 ? educationLines : texts),
    sectionPresent: educationLines.length > 0 || sectionKinds.includes('education'),
  };

  // An unheaded group's lines are its tags, every one (its title is no line of it).
  const skills = [
    ...new Set([
      ...skillItems(sections.filter((s) => s.name === 'skills' && !unheaded.includes(s)).flatMap((s) => s.lines.map((l) => ({ text: l.text, x: l.x })))),
      ...unheaded.flatMap((s) => s.lines.flatMap((l) => keywordParts(l.text)!)),
    ]),
  ];

  let denseParagraphs = 0;
  for (const section of sections.filter((s) => ['experience', 'projects', 'summary'].includes(s.name))) {
    let run = 0;
    const close = () => {
      if (run > DENSE_WORDS) denseParagraphs += 1;
      run = 0;
    };
    for (const line of section.lines) {
      const words = countWords(line.text);
      const prose = !line.bullet && findDates(line.text).length === 0 && words >= 8;
      if (!prose) {
        close();
        continue;
      }
      run += words;
      // Word paragraphs arrive as one line each; PDF paragraphs as several wrapped lines.
      if (document.format !== 'pdf') close();
    }
    close();
  }

  const text = texts.join('\n');
  return {
    contact,
    contactOnlyInHeaderFooter,
    sections,
    sectionKinds,
    statements,
    bulletCount,
    dates,
    entryDates: {
      experience: entryDates(sections.filter((s) => s.name === 'experience').flatMap((s) => s.lines.map((l) => l.text))),
      education: entryDates(sections.filter((s) => s.name === 'education').flatMap((s) => s.lines.map((l) => l.text))),
    },
    dateStyles: monthStyles(styleSource),
    education,
    skills,
    wordCount: countWords(text),
    denseParagraphs,
    text,
  };
}
