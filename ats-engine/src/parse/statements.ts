import verbsData from '../data/action-verbs.json';
import { porterStem } from '../text/porter';
import { normalizeText } from '../text/tokens';

/**
 * Bullets and what they say. A bullet is a line that starts with a bullet glyph or is a list item
 * of a Word document. Its opening word is an action verb when its Porter stem is the stem of a verb
 * in data/action-verbs.json ("Led", "Developing", "Optimises"); it opens weakly when it starts with a
 * duty phrase ("Responsible for", "Worked on"). It is quantified when it states a number that is
 * not a year: a percentage, a currency amount, a multiple (3x), a count with thousands separators or
 * a k/m/lakh/crore suffix, or a plain number of 2+ digits next to a noun ("40 students").
 */

export const BULLET_GLYPH = /^\s*(?:[•·●▪◦‣∙■□►➢➤✓✔➔→❖◆◇○*]|[-–—](?=\s)|\{(?=\s{2}))\s*/u;
/**
 * OCR reads small bullets as these ('=' for a theme's bold square); only trusted on OCR lines, the
 * letters before a capitalised word, the symbols before a capital or a number ('= 200 stars on GitHub').
 */
export const OCR_BULLET = /^\s*(?:[eo](?=\s+[A-Z])|[©«»°®=+-]{1,2}(?=\s+[A-Z0-9]))\s+/u;

const VERB_STEMS = new Set(verbsData.verbs.map((verb) => porterStem(verb)));
// Irregular past forms and their bases share no stem: add the bases and present forms explicitly.
for (const extra of ['lead', 'build', 'drive', 'grow', 'run', 'teach', 'write', 'win', 'oversee', 'make', 'design', 'develop', 'manage', 'create']) {
  VERB_STEMS.add(porterStem(extra));
}
const WEAK_OPENERS = verbsData.weak.map((phrase) => normalizeText(phrase));

export const bulletBody = (text: string): string => text.replace(BULLET_GLYPH, '').trim();

export function openingVerb(body: string): string | undefined {
  const first = /^[^\p{L}]*(\p{L}+)/u.exec(body)?.[1];
  if (!first) return undefined;
  const lower = first.toLowerCase();
  if (WEAK_OPENERS.some((weak) => normalizeText(body).startsWith(weak))) return undefined;
  return VERB_STEMS.has(porterStem(lower)) ? first : undefined;
}

export function weakOpener(body: string): string | undefined {
  const normalized = normalizeText(body.replace(/^[^\p{L}]+/u, ''));
  return WEAK_OPENERS.find((weak) => normalized === weak || normalized.startsWith(`${weak} `));
}

const QUANTITY = new RegExp(
  [
    '\\d+(?:\\.\\d+)?\\s*(?:%|percent\\b|per cent\\b)',
    '[$€£₹]\\s?\\d',
    '\\b(?:rs\\.?|inr|usd)\\s?\\d',
    '\\b\\d+(?:\\.\\d+)?\\s*[x×]\\b',
    '\\b\\d{1,3}(?:,\\d{2,3})+\\b',
    '\\b\\d+(?:\\.\\d+)?\\s*(?:k|m|mn|million|billion|lakh|lakhs|crore|crores)\\b',
    '\\b(?!(?:19|20)\\d{2}\\b)\\d{2,}\\+?\\s+[a-z]',
    '\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|fifty|hundred)\\s+(?:\\w+\\s+)?(?:clients|customers|users|students|patients|projects|people|members|engineers|teams|stores|schools|campaigns|products|hospitals|sites)\\b',
  ].join('|'),
  'i',
);

export const isQuantified = (body: string): boolean => QUANTITY.test(body);
