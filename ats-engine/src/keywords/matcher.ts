import { containsSequence, indexSequence, stemToken, tokenizeKeepingCase } from '../text/tokens';
import type { Term } from './lexicon';

/** A text prepared for many term look-ups: its stems in order, indexed, and its exact tokens. */
export interface TextIndex {
  stems: string[];
  positions: Map<string, number[]>;
  exact: Set<string>;
  /** First position of each exact token. */
  exactPositions: Map<string, number>;
}

export function indexText(text: string): TextIndex {
  const raw = tokenizeKeepingCase(text);
  const stems = raw.map((token) => stemToken(token.toLowerCase().replace(/\.$/, '')));
  const exactPositions = new Map<string, number>();
  raw.forEach((token, i) => {
    if (!exactPositions.has(token)) exactPositions.set(token, i);
  });
  return { stems, positions: indexSequence(stems), exact: new Set(raw), exactPositions };
}

/** True when any variant of the term occurs in the text (whole tokens, stems, synonyms; never substrings). */
export function termMatches(term: Term, text: TextIndex): boolean {
  return term.variants.some((variant) =>
    variant.exact !== undefined ? text.exact.has(variant.exact) : containsSequence(text.stems, variant.stems, text.positions),
  );
}

/** Where the term first occurs (token position), or -1. Exact-case variants report 0 when present anywhere. */
export function termPosition(term: Term, text: TextIndex): number {
  let best = -1;
  for (const variant of term.variants) {
    let position = -1;
    if (variant.exact !== undefined) {
      position = text.exact.has(variant.exact) ? (text.exactPositions.get(variant.exact) ?? 0) : -1;
    } else {
      const [first, ...rest] = variant.stems;
      for (const start of text.positions.get(first ?? '') ?? []) {
        if (rest.every((stem, k) => text.stems[start + 1 + k] === stem)) {
          position = start;
          break;
        }
      }
    }
    if (position >= 0 && (best < 0 || position < best)) best = position;
  }
  return best;
}

/** Terms split into those found in the text and those missing, each in the given order. */
export function partitionTerms(terms: readonly Term[], text: TextIndex): { found: Term[]; missing: Term[] } {
  const found: Term[] = [];
  const missing: Term[] = [];
  for (const term of terms) (termMatches(term, text) ? found : missing).push(term);
  return { found, missing };
}
