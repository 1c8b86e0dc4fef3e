/**
 * The version of the scoring rules: the factor formulas and weights (score/*.ts), the keyword lists,
 * synonyms and action verbs they read (data/), and how statements are counted. Every reply carries it
 * and every ResumeAnalysed event keeps it, so a student's history says which rules gave each score and
 * an upgrade can be compared per factor on the same file (same file hash, two versions).
 *
 * Bump it in the change that alters a score for the same file: major for a new or removed factor or
 * reweighting, minor for a formula or list change, patch for a fix that moves few scores.
 */
export const SCORER_VERSION = '1.0.0';
