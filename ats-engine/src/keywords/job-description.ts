import stopwordsData from '../data/stopwords.json';
import { stemToken, tokenizeKeepingCase } from '../text/tokens';
import { ALL_TERMS, compileTerm, type Term } from './lexicon';
import { indexText, termMatches, termPosition, type TextIndex } from './matcher';

/**
 * What a job description asks for, read deterministically:
 *  1. known terms: every term of the vocabulary (all industries' lists and the synonym groups' heads)
 *     that occurs in the description, in order of first appearance, at most 30; weight 2 each;
 *  2. other salient words: words of 4+ letters (or carrying digits or + #) that are not English
 *     function words, not job-advert boilerplate (data/stopwords.json) and not part of a known term,
 *     appearing at least twice; the 10 most frequent (ties: first appearance); weight 1 each.
 * A term counts as present in a resume when its stems (or a synonym's) occur there: see matcher.ts.
 */

export interface JobTerm {
  term: Term;
  weight: 1 | 2;
}

export const MAX_KNOWN_TERMS = 30;
export const MAX_OTHER_TERMS = 10;
const MIN_OTHER_COUNT = 2;

const STOP = new Set([...stopwordsData.english, ...stopwordsData.job_advert].map((word) => stemToken(word)));

export function extractJobTerms(jobDescription: string): JobTerm[] {
  const jd = indexText(jobDescription);
  const known = ALL_TERMS.map((term) => ({ term, position: termPosition(term, jd) }))
    .filter((entry) => entry.position >= 0)
    .sort((a, b) => a.position - b.position || a.term.display.localeCompare(b.term.display))
    .slice(0, MAX_KNOWN_TERMS);

  const covered = new Set<string>();
  for (const { term } of known) for (const variant of term.variants) variant.stems.forEach((stem) => covered.add(stem));

  const counts = new Map<string, { surface: string; count: number; first: number }>();
  tokenizeKeepingCase(jobDescription).forEach((token, position) => {
    const lower = token.toLowerCase().replace(/\.$/, '');
    const technical = /[\d+#]/.test(lower) && /[a-z]/.test(lower);
    if (!technical && !/^[a-z]{4,}$/.test(lower)) return;
    const stem = stemToken(lower);
    if (STOP.has(stem) || STOP.has(lower) || covered.has(stem)) return;
    const entry = counts.get(stem);
    if (entry) entry.count += 1;
    else counts.set(stem, { surface: lower, count: 1, first: position });
  });
  const others = [...counts.values()]
    .filter((entry) => entry.count >= MIN_OTHER_COUNT)
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, MAX_OTHER_TERMS);

  return [
    ...known.map(({ term }) => ({ term, weight: 2 as const })),
    ...others.map((entry) => ({ term: compileTerm(entry.surface), weight: 1 as const })),
  ];
}

export interface JobMatch {
  matched: string[];
  missing: string[];
  /** Σ weight of matched terms / Σ weight of all terms; undefined when the description yields no terms. */
  rate: number | undefined;
}

export function matchJobDescription(terms: readonly JobTerm[], resume: TextIndex): JobMatch {
  const matched: string[] = [];
  const missing: string[] = [];
  let total = 0;
  let got = 0;
  for (const { term, weight } of terms) {
    total += weight;
    if (termMatches(term, resume)) {
      got += weight;
      matched.push(term.display);
    } else {
      missing.push(term.display);
    }
  }
  return { matched, missing, rate: total === 0 ? undefined : got / total };
}
