import { porterStem } from './porter';

/**
 * Tokens for keyword matching. A token is a run of letters and digits that may carry the symbols
 * technical names use (c++, c#, node.js, .net): "Node.js" stays one token, "CI/CD" and
 * "problem-solving" split at the slash or hyphen, a sentence's final full stop is dropped.
 * Matching compares stems, so "managed" meets "management" and "Python" never meets "pythonic"
 * by accident of spelling inside a longer word: whole tokens only, never substrings.
 */

const TOKEN = /(?:\.(?=net\b))?[\p{L}\p{N}][\p{L}\p{N}+#]*(?:\.[\p{L}\p{N}]+)*[+#]*/giu;

/** NFKC (ligatures, full-width forms), lower case, typographic quotes and dashes made plain. */
export function normalizeText(text: string): string {
  return plain(text).toLowerCase();
}

/** A character plainText may change: anything but printable ASCII, tab and line ends. */
const NOT_PLAIN_ASCII = /[^\x20-\x7e\t\n\r]/;

/**
 * Text as the parser reads it, case kept: NFKC (ligatures such as ﬁ ﬂ ﬀ ﬃ ﬄ, full-width forms),
 * every Unicode space (no-break, thin, figure, narrow) a plain space, soft hyphens and zero-width
 * characters, control characters and private-use glyphs (icon fonts: a theme's skill bullet reads as
 * U+0000 or U+F0xx) removed, Unicode hyphens, dashes and the minus sign (U+2010..U+2015, U+2212, U+FE58,
 * U+FE63, U+FF0D) a plain hyphen-minus, typographic quotes plain. PDFs of real templates carry
 * all of these inside phone numbers, dates and headings.
 */
export const plainText = (text: string): string =>
  // Printable ASCII (most lines of most resumes) has nothing to make plain: six passes saved per line.
  !NOT_PLAIN_ASCII.test(text)
    ? text
    : text
        .normalize('NFKC')
        .replace(/[\u00ad\u200b-\u200d\u2060\ufeff\ue000-\uf8ff]/g, '')
        .replace(/[^\P{Cc}\t\n\r]/gu, '')
        .replace(/[\p{Zs}\u00a0]/gu, ' ')
        .replace(/[\u2018\u2019\u02bc]/g, "'")
        .replace(/[\u201c\u201d]/g, '"')
        .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-');

const plain = plainText;

/** Lower-case tokens in order; hyphens and slashes separate tokens. */
export function tokenize(text: string): string[] {
  return tokenizeKeepingCase(text).map((token) => token.toLowerCase());
}

/**
 * Tokens as written. A single letter followed by a full stop keeps it ("R." is an initial, not the
 * language R), so exact-case look-ups of ambiguous terms can tell them apart.
 */
export function tokenizeKeepingCase(text: string): string[] {
  const normalized = plain(text).replace(/[-/]/g, ' ');
  const tokens: string[] = [];
  for (const match of normalized.matchAll(TOKEN)) {
    const token = match[0];
    const next = normalized[match.index + token.length];
    tokens.push(token.length === 1 && next === '.' ? `${token}.` : token);
  }
  return tokens;
}

/** The stem used for matching: Porter for plain words, the token itself when it carries digits or symbols. */
export const stemToken = (token: string): string => porterStem(token);

export const stems = (text: string): string[] => tokenize(text).map(stemToken);

/** True when `phrase` (a stem sequence) occurs contiguously in `sequence`. */
export function containsSequence(sequence: readonly string[], phrase: readonly string[], index?: ReadonlyMap<string, number[]>): boolean {
  if (phrase.length === 0) return false;
  // With an index, a first stem it lacks starts nowhere (no scan of the whole text for it).
  const starts = index ? (index.get(phrase[0]!) ?? []) : sequence.flatMap((s, i) => (s === phrase[0] ? [i] : []));
  return starts.some((start) => phrase.every((stem, k) => sequence[start + k] === stem));
}

/** Positions of every stem, for repeated phrase look-ups in one text. */
export function indexSequence(sequence: readonly string[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  sequence.forEach((stem, i) => {
    const positions = index.get(stem);
    if (positions) positions.push(i);
    else index.set(stem, [i]);
  });
  return index;
}

/** Capital letters set apart by letter spacing ("S U M M A RY", kerning closing some gaps): four or more pieces of one or two. */
const LETTER_SPACED = /(?<![\p{L}\p{N}])(?:\p{Lu}{1,2} ){3,}\p{Lu}{1,2}(?![\p{L}\p{N}])/gu;

/**
 * Words as a reader counts them: runs of letters or digits (e-mail addresses and URLs count once);
 * a letter-spaced heading counts once, when more than half of its pieces are single letters.
 */
export function countWords(text: string): number {
  const joined = text.replace(LETTER_SPACED, (run) => {
    const pieces = run.split(' ');
    return pieces.filter((piece) => piece.length === 1).length * 2 > pieces.length ? pieces.join('') : run;
  });
  return joined.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
