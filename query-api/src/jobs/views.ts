import { eligibilityOf, eligibilityProfileOf, type JobStats, type PublicJobList } from '@placement/domain';
import type { JobStatsDocument, UserDocument } from '@placement/platform';
import type { JobView } from '../job-replies';

/** The jobs' replies: what a listing or a counter becomes on the wire, with the copy the screens show. */

export const JOB_QUERY_MESSAGES = {
  // Not worded by the spec:
  listed: 'Jobs fetched successfully',
} as const;

/** What a student's listing knows of the student: the jobs they applied to, their profile, and the jobs an admin let them apply to. */
export interface ListingStudent {
  applied: Set<string>;
  profile: UserDocument['profile'] | null;
  overridden: Set<string>;
}

/** The student's job listing: with a student's token, each job says whether they applied and whether they are eligible. */
export function publicJobListReply(items: JobView[], total: number, student: ListingStudent | null): PublicJobList {
  const profile = student ? eligibilityProfileOf(student.profile) : null;
  const data =
    student && profile
      ? items.map((job) => {
          const { eligible, reasons } = eligibilityOf(job.eligibilityRules, profile);
          return { ...job, hasApplied: student.applied.has(job._id), eligibilityVerdict: { eligible, reasons, overridden: student.overridden.has(job._id) } };
        })
      : items;
  return { success: true, count: total, data: data as PublicJobList['data'], message: JOB_QUERY_MESSAGES.listed };
}

/** The admin table's page. */
export const adminJobListReply = <Job>(items: Job[], total: number) => ({ success: true as const, count: total, data: items });

/** The job dashboard's figures: expired jobs are the approved ones past their joining day. */
export function jobStatsReply(counters: JobStatsDocument | null, activeJobs: number): JobStats {
  const approvedJobs = counters?.approved ?? 0;
  return {
    totalJobs: counters?.total ?? 0,
    activeJobs,
    expiredJobs: approvedJobs - activeJobs,
    pendingJobs: counters?.pending ?? 0,
    approvedJobs,
    rejectedJobs: counters?.rejected ?? 0,
  };
}
