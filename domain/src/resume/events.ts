import type { DomainEvent } from '../decider';
import type { ResumeAnalysisEntry } from './contracts';

/**
 * A student checked a resume on /cv: the score and each factor's score and points, under the scorer
 * version that produced them and the hash of the file, so a resume's progress and a scorer upgrade
 * both compare per factor. Neither the file nor the job description is kept, only their hashes.
 */
export type ResumeAnalysed = DomainEvent<'ResumeAnalysed', ResumeAnalysisEntry>;

export type ResumeEvent = ResumeAnalysed;

export const RESUME_EVENT_VERSIONS = { ResumeAnalysed: 1 } as const satisfies Record<ResumeEvent['type'], number>;

/** A student's analyses, one stream per student. */
export const resumeStreamId = (studentId: string): string => `resume-${studentId}`;
