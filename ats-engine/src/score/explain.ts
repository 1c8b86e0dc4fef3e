import type { FactorDetails } from '@placement/domain';
import type { ResumeFormat } from '../extract/types';
import { CONTACT_WEIGHTS, type ContactPresence } from './contact-info';
import { EDUCATION_WEIGHTS, type EducationPresence } from './education-format';
import type { FormattingIssue } from './format';
import { INDUSTRY_TARGET } from './keyword-match';
import { FACTOR_WEIGHTS, FACTORS, type FactorScores } from './total';
import { IDEAL_WORDS } from './word-count';

/**
 * Each factor's contribution to ats_score in points, with what it was computed from:
 *
 *   points = 100 × weight × factor (clamped to 0..1), one decimal;  maxPoints = 100 × weight
 *
 * so the points add up to ats_score up to rounding (ats_score rounds the unrounded sum). The evidence
 * is the facts the factor's formula read, named so a student can check them against the resume: the
 * keywords found and missing, the statements counted as led by a verb and as quantified, the issues
 * and their penalties, the contact and education items with their weights.
 */

export interface ExplainFacts {
  industryFound: string[];
  industryMissing: string[];
  job?: { matched: string[]; missing: string[]; rate: number };
  statements: readonly { text: string; verb?: string; quantified: boolean }[];
  issues: readonly FormattingIssue[];
  wordCount: number;
  fileType: ResumeFormat;
  pageCount: number | null;
  scannedPages: number[];
  contact: ContactPresence;
  education: EducationPresence;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number) => Math.min(1, Math.max(0, n));

export function factorPoints(factor: keyof FactorScores, score: number): number {
  return round1(100 * FACTOR_WEIGHTS[factor] * clamp(score));
}

const presence = <Key extends string>(weights: Readonly<Record<Key, number>>, found: Readonly<Record<Key, boolean>>) => ({
  items: (Object.keys(weights) as Key[]).map((item) => ({ item, found: found[item], weight: weights[item] })),
});

/** The distinct opening verbs, in the resume's order, as first written. */
const distinctVerbs = (verbs: readonly string[]) => [...new Map(verbs.map((v) => [v.toLowerCase(), v])).values()];

export function explainFactors(scores: FactorScores, facts: ExplainFacts): FactorDetails {
  const verbLed = facts.statements.filter((s) => s.verb);
  const evidence: { [F in keyof FactorDetails]: FactorDetails[F]['evidence'] } = {
    keyword_match: {
      industryFound: facts.industryFound,
      industryMissing: facts.industryMissing,
      industryTarget: INDUSTRY_TARGET,
      jobDescription: facts.job ? { matched: facts.job.matched, missing: facts.job.missing, matchRate: round2(facts.job.rate) } : null,
    },
    format_score: { issues: facts.issues.map(({ id, penalty, message }) => ({ id, penalty: round2(penalty), message })) },
    word_count: { words: facts.wordCount, idealMin: IDEAL_WORDS.min, idealMax: IDEAL_WORDS.max },
    action_verbs: {
      statements: facts.statements.length,
      verbLed: verbLed.map((s) => s.text),
      distinctVerbs: distinctVerbs(verbLed.map((s) => s.verb!)),
      withoutVerb: facts.statements.filter((s) => !s.verb).map((s) => s.text),
      quantified: facts.statements.filter((s) => s.quantified).map((s) => s.text),
    },
    file_format: { fileType: facts.fileType, pageCount: facts.pageCount, scannedPages: facts.scannedPages },
    contact_info: presence(CONTACT_WEIGHTS, facts.contact),
    education_format: presence(EDUCATION_WEIGHTS, facts.education),
  };
  const detail = <F extends keyof FactorDetails>(factor: F) => ({
    weight: FACTOR_WEIGHTS[factor],
    score: round2(clamp(scores[factor])),
    points: factorPoints(factor, scores[factor]),
    maxPoints: round1(100 * FACTOR_WEIGHTS[factor]),
    evidence: evidence[factor],
  });
  return Object.fromEntries(FACTORS.map((factor) => [factor, detail(factor)])) as FactorDetails;
}
