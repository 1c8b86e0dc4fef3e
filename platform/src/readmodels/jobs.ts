import type { JobFields, JobSource, JobStatus } from '@placement/domain';
import type { JobEligibilityMatch } from './eligibility';

/** The jobs projection's collections (`listing`: the student listing's approved jobs, projectors/src/projections/jobs.ts). */
export const JOB_COLLECTIONS = { jobs: 'jobs', stats: 'job_stats', listing: 'job_listing' } as const;

/** What joins the elements of a list in its `search…` copy (a control character no typed text holds). */
export const SEARCH_LIST_SEPARATOR = '\u001f';

/**
 * The top-level lower-cased copies the text filters match (`search…`: the local server answers a
 * `$regex` on such a field from a trigram index): profile, company and location as they are, skills
 * and categories each lower-cased and joined by SEARCH_LIST_SEPARATOR. One field per job field, so
 * that an edit (which carries only what changed) sets exactly the copies of what it changed.
 */
export interface JobSearchFields {
  searchProfiles: string;
  searchCompanyName: string;
  searchLocation: string;
  searchSkills: string;
  searchCategory: string;
}
export const JOB_SEARCH_FIELDS = ['searchProfiles', 'searchCompanyName', 'searchLocation', 'searchSkills', 'searchCategory'] as const satisfies readonly (keyof JobSearchFields)[];

/**
 * The lower-cased skills and categories element by element (the job's `lower`), read only for a term
 * that itself holds SEARCH_LIST_SEPARATOR: in the joined `search…` copy it could match across two
 * elements. Unindexed. (The other `lower.*` copies of earlier read models are no longer written.)
 */
export interface JobSearchLists {
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

/**
 * One job as every job screen reads it. Its live-application count is not here: it moves with every
 * application, so the applications projection keeps it (JobApplicationCountDocument) and the replies
 * join it.
 */
export interface JobDocument extends JobFields, JobSearchFields {
  _id: string;
  status: JobStatus;
  source: JobSource;
  /** When it was posted (ISO 8601, UTC). */
  createdAt: string;
  /** dateOfJoining as a UTC calendar day (YYYY-MM-DD): active and expired jobs are told apart by it. */
  joiningDay: string;
  lower: JobSearchLists;
  sort: JobSortKeys;
  /** The eligibility rules as queries select by them; absent on jobs projected before rules existed. */
  eligibilityMatch?: JobEligibilityMatch;
  /** The students an admin let apply despite the rules (ids; the reasons stay in the job's stream). */
  eligibilityOverrides?: string[];
}

/** Fields of a job document that no reply shows. */
export const JOB_INTERNAL_FIELDS = ['lower', 'sort', 'joiningDay', '_v', 'eligibilityMatch', 'eligibilityOverrides', ...JOB_SEARCH_FIELDS] as const;

/** The one counter document of the job statistics: live jobs, in total and by status. */
export interface JobStatsDocument extends Record<JobStatus, number> {
  _id: typeof JOB_STATS_ID;
  total: number;
}
export const JOB_STATS_ID = 'jobs';

/** The UTC calendar day of an ISO date ('2025-07-01') or date-time with an offset. */
export const utcDayOf = (isoDateOrDateTime: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(isoDateOrDateTime) ? isoDateOrDateTime : new Date(isoDateOrDateTime).toISOString().slice(0, 10);
