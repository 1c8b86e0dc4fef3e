/**
 * keyword_match, 0 to 1.
 *
 *   industry = min(1, F / 25)        F: terms of the chosen industry's list found in the resume
 *   without a job description:  keyword_match = industry
 *   with one:                   keyword_match = 0.7 × J + 0.3 × industry
 *                               J: Σ weight of job-description terms found / Σ weight of all of them
 *                                  (known vocabulary terms weigh 2, other salient words 1;
 *                                  see keywords/job-description.ts)
 *
 * Twenty-five industry terms is what a focused, well-filled one-page resume shows; more add nothing. Terms match by
 * stems and synonyms as whole tokens (keywords/matcher.ts), so the formula rewards meaning, not
 * spelling variants, and never a term hidden inside a longer word.
 */

export const INDUSTRY_TARGET = 25;
export const JOB_DESCRIPTION_SHARE = 0.7;

export function industryCoverage(found: number): number {
  return Math.min(1, found / INDUSTRY_TARGET);
}

export function keywordMatchScore(industryFound: number, jobDescriptionRate?: number): number {
  const industry = industryCoverage(industryFound);
  if (jobDescriptionRate === undefined) return industry;
  return JOB_DESCRIPTION_SHARE * jobDescriptionRate + (1 - JOB_DESCRIPTION_SHARE) * industry;
}
