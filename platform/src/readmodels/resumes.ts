import type { ResumeAnalysisEntry } from '@placement/domain';

/** The resumes projection's collection: one document per ResumeAnalysed, the student's history of checks. */
export const RESUME_COLLECTIONS = { analyses: 'resume_analyses' } as const;

/** One analysis as the event kept it; `_id` is the analysis id. */
export interface ResumeAnalysisDocument extends ResumeAnalysisEntry {
  _id: string;
}
