/**
 * education_format, 0 to 1: the sum of the weights of what the education entry states.
 *
 *   an Education section 0.40   a degree 0.25   an institution 0.15   a year 0.10   a grade 0.10
 *
 * Without a section, degree, institution, year and grade are looked for in the whole text, so a
 * degree mentioned elsewhere still counts, but the missing heading costs 0.4.
 */

export const EDUCATION_WEIGHTS = { section: 0.4, degree: 0.25, institution: 0.15, year: 0.1, grade: 0.1 } as const;

export type EducationPresence = Record<keyof typeof EDUCATION_WEIGHTS, boolean>;

export function educationFormatScore(found: EducationPresence): number {
  return (Object.keys(EDUCATION_WEIGHTS) as (keyof EducationPresence)[]).reduce((sum, key) => sum + (found[key] ? EDUCATION_WEIGHTS[key] : 0), 0);
}
