/**
 * The Porter stemmer (M.F. Porter, "An algorithm for suffix stripping", 1980), written from the
 * published algorithm. Deterministic, dictionary-free: "managing", "managed" and "management" all
 * become "manag", so a job description's "management" matches a resume's "managed".
 * Input is one lower-case word of letters a-z; anything else is returned unchanged.
 */

const isVowelLetter = (c: string) => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';

/** A letter is a consonant unless it is a vowel, or a 'y' preceded by a consonant. */
function isConsonant(word: string, i: number): boolean {
  const c = word[i]!;
  if (isVowelLetter(c)) return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** m in [C](VC)^m[V]: the number of vowel-consonant sequences in word[0..end). */
function measure(word: string, end: number): number {
  let m = 0;
  let i = 0;
  while (i < end && isConsonant(word, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(word, i)) i++;
    if (i >= end) break;
    m++;
    while (i < end && isConsonant(word, i)) i++;
  }
  return m;
}

const hasVowel = (word: string, end: number): boolean => {
  for (let i = 0; i < end; i++) if (!isConsonant(word, i)) return true;
  return false;
};

const endsWithDoubleConsonant = (word: string): boolean => {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
};

/** consonant-vowel-consonant at the end, the last consonant not w, x or y (e.g. -wil, -hop). */
const endsCvc = (word: string, end: number): boolean => {
  if (end < 3) return false;
  if (!isConsonant(word, end - 1) || isConsonant(word, end - 2) || !isConsonant(word, end - 3)) return false;
  const c = word[end - 1]!;
  return c !== 'w' && c !== 'x' && c !== 'y';
};

/** Replaces `suffix` by `replacement` when the stem before it has measure > minMeasure. Returns undefined if the suffix is absent. */
function replaceIf(word: string, suffix: string, replacement: string, minMeasure: number): string | undefined {
  if (!word.endsWith(suffix)) return undefined;
  const stemEnd = word.length - suffix.length;
  return measure(word, stemEnd) > minMeasure ? word.slice(0, stemEnd) + replacement : word;
}

function step1a(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies')) return word.slice(0, -2);
  if (word.endsWith('ss')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function step1b(word: string): string {
  if (word.endsWith('eed')) {
    return measure(word, word.length - 3) > 0 ? word.slice(0, -1) : word;
  }
  let stem: string | undefined;
  if (word.endsWith('ed') && hasVowel(word, word.length - 2)) stem = word.slice(0, -2);
  else if (word.endsWith('ing') && hasVowel(word, word.length - 3)) stem = word.slice(0, -3);
  if (stem === undefined) return word;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  if (endsWithDoubleConsonant(stem) && !/[lsz]$/.test(stem)) return stem.slice(0, -1);
  if (measure(stem, stem.length) === 1 && endsCvc(stem, stem.length)) return `${stem}e`;
  return stem;
}

function step1c(word: string): string {
  if (word.endsWith('y') && hasVowel(word, word.length - 1)) return `${word.slice(0, -1)}i`;
  return word;
}

const STEP2: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['abli', 'able'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
];

const STEP3: [string, string][] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

const STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'];

/** Applies the first rule whose suffix matches (longest listed first where they overlap). */
function applyRules(word: string, rules: [string, string][], minMeasure: number): string {
  const sorted = [...rules].sort((a, b) => b[0].length - a[0].length);
  for (const [suffix, replacement] of sorted) {
    const result = replaceIf(word, suffix, replacement, minMeasure);
    if (result !== undefined) return result;
  }
  return word;
}

function step4(word: string): string {
  const sorted = [...STEP4].sort((a, b) => b.length - a.length);
  for (const suffix of sorted) {
    if (!word.endsWith(suffix)) continue;
    const stemEnd = word.length - suffix.length;
    if (suffix === 'ion' && !/[st]$/.test(word.slice(0, stemEnd))) return word;
    return measure(word, stemEnd) > 1 ? word.slice(0, stemEnd) : word;
  }
  return word;
}

function step5(word: string): string {
  let result = word;
  if (result.endsWith('e')) {
    const m = measure(result, result.length - 1);
    if (m > 1 || (m === 1 && !endsCvc(result, result.length - 1))) result = result.slice(0, -1);
  }
  if (measure(result, result.length) > 1 && endsWithDoubleConsonant(result) && result.endsWith('l')) result = result.slice(0, -1);
  return result;
}

/**
 * Stems already computed: a resume's few hundred words recur across its sections and across
 * requests (the industry lexicons, the action verbs), and stemming was a third of parsing and
 * scoring. Bounded: emptied when full, so odd words in uploads cannot grow it without limit.
 */
const STEM_CACHE_SIZE = 20_000;
const stemCache = new Map<string, string>();

/** The Porter stem of a lower-case word; words under 3 letters or with non a-z characters are returned as they are. */
export function porterStem(word: string): string {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
  let stem = stemCache.get(word);
  if (stem === undefined) {
    if (stemCache.size >= STEM_CACHE_SIZE) stemCache.clear();
    stem = computeStem(word);
    stemCache.set(word, stem);
  }
  return stem;
}

function computeStem(word: string): string {
  let w = step1a(word);
  w = step1b(w);
  w = step1c(w);
  w = applyRules(w, STEP2, 0);
  w = applyRules(w, STEP3, 0);
  w = step4(w);
  w = step5(w);
  return w;
}
