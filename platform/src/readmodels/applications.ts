import type { ApplicationOffer, ApplicationStatus, InterviewSlot, OfferType } from '@placement/domain';

/** The applications projection's collections: applications, counters, and its lookups for denormalisation. */
export const APPLICATION_COLLECTIONS = {
  applications: 'applications',
  stats: 'application_stats',
  /** Each live job's live applications (JobApplicationCountDocument), by job id. */
  jobCounts: 'job_application_counts',
  /** The job columns an application shows, by job id (gone once the job is deleted). */
  jobs: 'application_jobs',
  /** The applicant account's fields an application shows, by user id. */
  applicants: 'application_applicants',
} as const;

/**
 * A live job's number of live applications (submitted minus deleted): one document per job, from its
 * posting to its deletion. Kept apart from the job document, which the job lists search and which costs
 * far more to rewrite, so an application moves only this; job replies join it by `_id`, and the review
 * job table's sort by it pages this collection (by `applicationCount`, then `_id`).
 */
export interface JobApplicationCountDocument {
  _id: string;
  applicationCount: number;
}

/** The job columns an application carries (the spec's populated `jobId`). */
export interface ApplicationJobColumns {
  profiles: string;
  companyName: string;
  ctcOrStipend: string;
  location: string;
  offerType: OfferType[];
}
export const APPLICATION_JOB_COLUMNS = ['profiles', 'companyName', 'ctcOrStipend', 'location', 'offerType'] as const satisfies readonly (keyof ApplicationJobColumns)[];

/** The applicant's account as an application shows it (the spec's populated `userId`). */
export interface ApplicantAccount {
  fullName: string;
  email: string;
  /** The latest mobile number given, on the account or in the student profile. */
  phone: string | null;
  rollNo: string | null;
}
export const APPLICANT_ACCOUNT_FIELDS = ['fullName', 'email', 'phone', 'rollNo'] as const satisfies readonly (keyof ApplicantAccount)[];

/** The applicant's sort key (sortKeyOf its name), kept in the applicant lookup and copied beside `applicant`. */
export interface ApplicantSortKeys {
  fullNameKey: string;
}
export const APPLICANT_SORT_FIELDS = ['fullNameKey'] as const satisfies readonly (keyof ApplicantSortKeys)[];

/** One application, with what the student's list and the review screen show of its job and applicant. */
export interface ApplicationDocument {
  _id: string;
  jobId: string;
  studentId: string;
  status: ApplicationStatus;
  /** When it was submitted (ISO 8601, UTC). */
  appliedDate: string;
  /** The application form's fields. */
  fullName: string;
  email: string;
  phone: string;
  /** Object-storage key of the resume. */
  resumeKey: string;
  /** Null once the job is deleted ('No longer available'). */
  job: ApplicationJobColumns | null;
  /** Null only if the account was unknown when the application arrived. */
  applicant: ApplicantAccount | null;
  /** What the review table sorts the applicant's name by (null with `applicant`). */
  applicantSort: ApplicantSortKeys | null;
  /** Bounded copies (sortKeyOf) of the form fields the review table sorts by. */
  sort: { email: string };
  /** The interview slot while the status is Scheduled (null otherwise, and for a Scheduled set before slots existed), with when it was set. */
  interview?: ApplicationInterview | null;
  /** The latest offer (status Accepted) and the student's answer; absent before any offer. */
  offer?: ApplicationOffer | null;
}

/** An application's offer as the read side keeps it (the reply's contract): pending until the student answers, withdrawn once the status leaves Accepted. */
export type { ApplicationOffer };

/** An application's interview slot as the read side keeps it. */
export type ApplicationInterview = InterviewSlot & { scheduledAt: string };

/** The one counter document of the application statistics: live applications, in total and by status. */
export interface ApplicationStatsDocument extends Record<ApplicationStatusKey, number> {
  _id: typeof APPLICATION_STATS_ID;
  total: number;
}
export const APPLICATION_STATS_ID = 'applications';

/** Field names of the per-status counters. */
export const APPLICATION_STATUS_KEYS = {
  Applied: 'applied',
  'Under Review': 'underReview',
  Scheduled: 'scheduled',
  Accepted: 'accepted',
  Rejected: 'rejected',
} as const satisfies Record<ApplicationStatus, string>;
export type ApplicationStatusKey = (typeof APPLICATION_STATUS_KEYS)[ApplicationStatus];
