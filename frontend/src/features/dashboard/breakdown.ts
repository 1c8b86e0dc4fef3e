import type { MyApplication } from '../../shared/records';

export interface StatusBreakdown {
  total: number;
  underReview: number;
  accepted: number;
  pending: number;
  rejected: number;
}

/**
 * The dashboard's four student-facing groups: 'Applied' counts as pending (spec §4); 'Scheduled'
 * (an interview is set) is still under review.
 */
export function breakdownOf(applications: readonly Pick<MyApplication, 'status'>[]): StatusBreakdown {
  const result: StatusBreakdown = { total: applications.length, underReview: 0, accepted: 0, pending: 0, rejected: 0 };
  for (const { status } of applications) {
    if (status === 'Accepted') result.accepted += 1;
    else if (status === 'Rejected') result.rejected += 1;
    else if (status === 'Under Review' || status === 'Scheduled') result.underReview += 1;
    else result.pending += 1;
  }
  return result;
}

export const NO_APPLICATIONS_TEXT = 'No applications yet';

export const breakdownText = (breakdown: StatusBreakdown): string =>
  breakdown.total === 0
    ? NO_APPLICATIONS_TEXT
    : `${breakdown.underReview} under review, ${breakdown.accepted} accepted, ${breakdown.pending} pending, ${breakdown.rejected} rejected`;
