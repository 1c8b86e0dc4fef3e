import type { JobFields, JobSource, JobStatus } from '@placement/domain';
import type { JobEligibilityMatch } from './eligibility';

/** The jobs projection's collections. */
export const JOB_COLLECTIONS = { jobs: 'jobs', stats: 'job_stats' } as const;

/**
 * Lower-cased copies of the fields that filters and sorts compare without regard to case (the
 * read-model server has no case-insensitive collation). `offerType` is the list joined by ', '.
 */
export interface JobSearchFields {
  companyName: string;
  profiles: string;
  location: string;
  offerType: string;
  skills: string[];
  category: string[];
}

/** Bounded copies (sortKeyOf) of the columns the job tables sort by: what the indexes hold. */
export interface JobSortKeys {
  companyName: string;
  profiles: string;
  offerType: string;
  location: string;
  ctcOrStipend: string;
}

/** One job as every job screen reads it. */
export interface JobDocument extends JobFields {
  _id: string;
  status: JobStatus;
  source: JobSource;
  /** When it was posted (ISO 8601, UTC). */
  createdAt: string;
  /** Live applications to it (submitted minus deleted). */
  applicationCount: number;
  /** dateOfJoining as a UTC calendar day (YYYY-MM-DD): active and expired jobs are told apart by it. */
  joiningDay: string;
  lower: JobSearchFields;
  sort: JobSortKeys;
  /** The eligibility rules as queries select by them; absent on jobs projected before rules existed. */
  eligibilityMatch?: JobEligibilityMatch;
  /** The students an admin let apply despite the rules (ids; the reasons stay in the job's stream). */
  eligibilityOverrides?: string[];
}

/** Fields of a job document that no reply shows. */
export const JOB_INTERNAL_FIELDS = ['lower', 'sort', 'joiningDay', '_v', 'eligibilityMatch', 'eligibilityOverrides'] as const;

/** The one counter document of the job statistics: live jobs, in total and by status. */
export interface JobStatsDocument extends Record<JobStatus, number> {
  _id: typeof JOB_STATS_ID;
  total: number;
}
export const JOB_STATS_ID = 'jobs';

/** The UTC calendar day of an ISO date ('2025-07-01') or date-time with an offset. */
export const utcDayOf = (isoDateOrDateTime: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(isoDateOrDateTime) ? isoDateOrDateTime : new Date(isoDateOrDateTime).toISOString().slice(0, 10);
