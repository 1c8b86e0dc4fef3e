import { INDUSTRIES, type Industry } from '@placement/domain';
import ambiguousData from '../data/ambiguous.json';
import synonymsData from '../data/synonyms.json';
import software from '../data/industries/software.json';
import finance from '../data/industries/finance.json';
import marketing from '../data/industries/marketing.json';
import design from '../data/industries/design.json';
import education from '../data/industries/education.json';
import healthcare from '../data/industries/healthcare.json';
import engineering from '../data/industries/engineering.json';
import dataScience from '../data/industries/data_science.json';
import { stemToken, tokenize, tokenizeKeepingCase } from '../text/tokens';

/**
 * The keyword vocabulary: industry lists (data files under src/data/industries), synonym groups
 * (src/data/synonyms.json) and the ambiguous short terms that must match in exact case
 * (src/data/ambiguous.json). A term matches a text when any of its variants does: a variant is a
 * stem sequence found contiguously among the text's stems, or for an ambiguous one-word variant
 * the exact token as written.
 */

export interface IndustryList {
  industry: Industry;
  label: string;
  /** Category name to terms, most important first. */
  categories: Record<string, string[]>;
}

export interface Variant {
  /** Porter stems of the variant's tokens, matched contiguously. */
  stems: string[];
  /** Set for ambiguous one-token variants: the exact token that must appear. */
  exact?: string;
}

export interface Term {
  /** As shown to users: the term as written in the data file. */
  display: string;
  variants: Variant[];
}

const RAW_LISTS: Record<Industry, IndustryList> = {
  software: software as IndustryList,
  finance: finance as IndustryList,
  marketing: marketing as IndustryList,
  design: design as IndustryList,
  education: education as IndustryList,
  healthcare: healthcare as IndustryList,
  engineering: engineering as IndustryList,
  data_science: dataScience as IndustryList,
};

const AMBIGUOUS = new Set(ambiguousData.terms);

const keyOf = (term: string) => tokenize(term).join(' ');

/** Synonym group of each member, keyed by its lower-case token string. */
const GROUPS = new Map<string, string[]>();
for (const group of synonymsData.groups) {
  for (const member of group) {
    const key = keyOf(member);
    GROUPS.set(key, [...new Set([...(GROUPS.get(key) ?? []), ...group])]);
  }
}

function variantOf(text: string): Variant | undefined {
  const raw = tokenizeKeepingCase(text);
  if (raw.length === 0) return undefined;
  if (AMBIGUOUS.has(text) && raw.length === 1) return { stems: [], exact: raw[0]! };
  return { stems: raw.map((token) => stemToken(token.toLowerCase())) };
}

/** A term with its synonyms' variants, deduplicated. */
export function compileTerm(display: string): Term {
  const members = GROUPS.get(keyOf(display)) ?? [display];
  const seen = new Set<string>();
  const variants: Variant[] = [];
  for (const member of [display, ...members]) {
    const variant = variantOf(member);
    if (!variant) continue;
    const key = variant.exact ? `=${variant.exact}` : variant.stems.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    variants.push(variant);
  }
  return { display, variants };
}

export interface CompiledIndustry {
  industry: Industry;
  label: string;
  categories: { name: string; terms: Term[] }[];
}

const COMPILED = new Map<Industry, CompiledIndustry>(
  INDUSTRIES.map((industry) => {
    const list = RAW_LISTS[industry];
    return [
      industry,
      {
        industry,
        label: list.label,
        categories: Object.entries(list.categories).map(([name, terms]) => ({ name, terms: terms.map(compileTerm) })),
      },
    ];
  }),
);

export const industryLexicon = (industry: Industry): CompiledIndustry => COMPILED.get(industry)!;

/** Every industry term and synonym-group head once: the vocabulary job descriptions are read against. */
export const ALL_TERMS: Term[] = (() => {
  const byGroup = new Map<string, Term>();
  const add = (display: string) => {
    const key = keyOf(display);
    if (!key) return;
    // A synonym of a known term is not a second term: terms are keyed by their group's head.
    const groupKey = keyOf(GROUPS.get(key)?.[0] ?? display);
    if (!byGroup.has(groupKey)) byGroup.set(groupKey, compileTerm(display));
  };
  for (const industry of INDUSTRIES) for (const terms of Object.values(RAW_LISTS[industry].categories)) terms.forEach(add);
  for (const group of synonymsData.groups) add(group[0]!);
  return [...byGroup.values()];
})();

export const industryListsForData = RAW_LISTS;
