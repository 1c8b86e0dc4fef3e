import { ATS_FACTORS } from '@placement/domain';

/**
 * ats_score, 0 to 100 = round(100 × Σ weight × factor):
 *
 *   keyword_match 0.30   action_verbs 0.20   format_score 0.15   word_count 0.10
 *   contact_info 0.10    education_format 0.10                   file_format 0.05
 *
 * Content an ATS ranks on (keywords, achievements) weighs most; what only decides whether the
 * file can be read at all (file type) least, since unreadable text already shows in the others.
 */

/** The spec's factors, from the reply's contract in the domain. */
export const FACTORS = ATS_FACTORS;
export type Factor = (typeof FACTORS)[number];
export type FactorScores = Record<Factor, number>;

export const FACTOR_WEIGHTS: FactorScores = {
  keyword_match: 0.3,
  format_score: 0.15,
  action_verbs: 0.2,
  word_count: 0.1,
  contact_info: 0.1,
  education_format: 0.1,
  file_format: 0.05,
};

export function atsScore(factors: FactorScores): number {
  const total = FACTORS.reduce((sum, factor) => sum + FACTOR_WEIGHTS[factor] * Math.min(1, Math.max(0, factors[factor])), 0);
  return Math.round(100 * total);
}
