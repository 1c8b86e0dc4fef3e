import type { ListedJob, PublicJobList } from '@placement/domain';

/** A job as GET /api/jobs lists it (spec §3; the domain's contract); hasApplied and the verdict only with a student's token. */
export type Job = ListedJob;

/** The job's eligibility rules against the student's profile; overridden: an admin let this student apply despite them. */
export type EligibilityVerdict = NonNullable<ListedJob['eligibilityVerdict']>;

/** GET /api/jobs. */
export type JobListReply = PublicJobList;

/** The filter panel's values. offerType '' or 'All Types' means every type. */
export interface JobFilters {
  search: string;
  location: string;
  offerType: string;
  skills: string;
  category: string;
  /** 'Only jobs I am eligible for' (students only). */
  eligibleOnly: boolean;
}

export interface ApplicationSubmission {
  jobId: string;
  fullName: string;
  email: string;
  phone: string;
  resume: File;
}
