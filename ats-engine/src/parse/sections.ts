import sectionsData from '../data/sections.json';

/**
 * Section headings. A line is a heading when, after removing numbering, symbols, a trailing colon
 * and case, it equals a heading of data/sections.json (at most 5 words), or when such a heading is
 * followed by a colon and content on the same line ("Skills: Python, SQL"). Bullets are never
 * headings. Letter-spaced headings ("S K I L L S") are compared without their spaces. OCR text is compared after fixing the usual confusions (0/o, 1/l, 5/s) and may differ
 * by one letter from a heading of 6 letters or more.
 */

export type SectionKind = keyof typeof sectionsData.kinds;

export const SECTION_KINDS = Object.keys(sectionsData.kinds) as SectionKind[];

const HEADINGS = new Map<string, SectionKind>();
for (const kind of SECTION_KINDS) for (const heading of sectionsData.kinds[kind]) HEADINGS.set(heading, kind);
/** Headings without their spaces, for letter-spaced headings ("W O R K E X P E R I E N C E"). */
const COMPACT = new Map<string, SectionKind>();
for (const [heading, kind] of HEADINGS) if (!COMPACT.has(heading.replace(/ /g, ''))) COMPACT.set(heading.replace(/ /g, ''), kind);

/**
 * A heading typeset with letter spacing comes out of the PDF as single letters (and pairs or
 * triples where kerning closed a gap: "S U M M A RY", "E D U C AT I O N", "AWA R D S"): at least
 * four pieces of at most three letters, half of them single. Word gaps are lost, so such a key is
 * compared without spaces.
 */
const letterSpaced = (key: string): boolean => {
  const pieces = key.split(' ');
  return pieces.length >= 4 && pieces.every((piece) => piece.length <= 3) && pieces.filter((piece) => piece.length === 1).length >= pieces.length / 2;
};

export function headingKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/^[\s\d.)(\]•·●▪◦‣∙■□►➢➤✓✔*#|:_-]+/, '')
    .replace(/[^\p{L}\s'-]/gu, ' ')
    .replace(/['-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const ocrFixed = (key: string) => key.replace(/0/g, 'o').replace(/1/g, 'l').replace(/5/g, 's');

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** The section kind a heading text names, if any. */
export function kindOfHeading(text: string, fuzzy = false): SectionKind | undefined {
  const key = headingKey(fuzzy ? ocrFixed(text) : text);
  if (key && letterSpaced(key)) return COMPACT.get(key.replace(/ /g, ''));
  if (!key || key.split(' ').length > 5) return undefined;
  const exact = HEADINGS.get(key);
  if (exact || !fuzzy) return exact;
  if (key.length < 6) return undefined;
  for (const [heading, kind] of HEADINGS) if (heading.length >= 6 && editDistanceAtMostOne(key, heading)) return kind;
  return undefined;
}

export interface HeadingMatch {
  kind: SectionKind;
  /** Text after "Heading:" on the same line, if any. */
  inline?: string;
}

/** Whether a line opens a section. */
export function matchHeading(text: string, options: { bullet: boolean; fuzzy: boolean }): HeadingMatch | undefined {
  if (options.bullet) return undefined;
  const trimmed = text.trim();
  if (trimmed.length > 60) {
    const colon = trimmed.indexOf(':');
    if (colon < 1 || colon > 40) return undefined;
  }
  const whole = kindOfHeading(trimmed, options.fuzzy);
  if (whole) return { kind: whole };
  const colon = trimmed.indexOf(':');
  if (colon > 0) {
    const kind = kindOfHeading(trimmed.slice(0, colon), options.fuzzy);
    const rest = trimmed.slice(colon + 1).trim();
    if (kind && rest) return { kind, inline: rest };
  }
  return undefined;
}
