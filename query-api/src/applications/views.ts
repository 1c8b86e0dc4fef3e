import { APPLICATION_MESSAGES, type ApplicationStats, type OwnApplication, type ReviewedApplication } from '@placement/domain';
import { MIME_TYPES, type ApplicationDocument, type ApplicationStatsDocument } from '@placement/platform';
import { uploadUrl } from '../uploads';

/** The applications' replies: what an application or a counter becomes on the wire, with the copy the screens show. */

export const APPLICATION_QUERY_MESSAGES = {
  notFound: APPLICATION_MESSAGES.notFound,
  // Not worded by the spec:
  resumeNotFound: 'Resume not found',
} as const;

/** The job an application shows (the spec's populated `jobId`), or null once the job is deleted. */
export const jobOfApplication = (application: ApplicationDocument) => (application.job ? { _id: application.jobId, ...application.job } : null);

/** A row of the student's My Applications table. */
export const ownApplicationView = (application: ApplicationDocument): OwnApplication => ({
  _id: application._id,
  status: application.status,
  appliedDate: application.appliedDate,
  jobId: jobOfApplication(application),
  interview: application.interview ?? null,
  offer: application.offer ?? null,
});

/**
 * Who applied, by the spec's precedence: the account's name before the form's; the form's e-mail and
 * phone before the account's. Null where neither has a value (the screens show 'N/A').
 */
export function applicantShown(application: ApplicationDocument) {
  const account = application.applicant;
  return {
    name: account?.fullName || application.fullName || null,
    email: application.email || account?.email || null,
    phone: application.phone || account?.phone || null,
    rollNo: account?.rollNo || null,
  };
}

/** An application as the review screen shows it: the form's fields, the applicant's account and the job nested. */
export const reviewedApplicationView = (application: ApplicationDocument): ReviewedApplication => ({
  _id: application._id,
  status: application.status,
  appliedDate: application.appliedDate,
  fullName: application.fullName,
  email: application.email,
  phone: application.phone,
  resume: uploadUrl(application.resumeKey),
  userId: application.applicant ? { _id: application.studentId, ...application.applicant } : null,
  jobId: jobOfApplication(application),
  applicant: applicantShown(application),
  interview: application.interview ?? null,
  offer: application.offer ?? null,
});

/** The file name a resume downloads as: resume-{id} with the extension of its type. */
export function resumeFileName(applicationId: string, contentType: string): string {
  const extension = Object.entries(MIME_TYPES).find(([, type]) => type === contentType)?.[0] ?? 'pdf';
  return `resume-${applicationId}.${extension}`;
}

/** Approval rate in percent to one decimal: approved / (approved + rejected), 0 when neither. */
export const approvalRate = (approved: number, rejected: number): number =>
  approved + rejected === 0 ? 0 : Math.round((approved / (approved + rejected)) * 1000) / 10;

/** The application dashboard's figures: pendingReview counts Applied, Under Review and Scheduled; approved counts Accepted. */
export function applicationStatsReply(stats: ApplicationStatsDocument | null): ApplicationStats {
  const count = (counter: Exclude<keyof ApplicationStatsDocument, '_id'>) => stats?.[counter] ?? 0;
  return {
    totalApplications: count('total'),
    pendingReview: count('applied') + count('underReview') + count('scheduled'),
    approved: count('accepted'),
    rejected: count('rejected'),
    approvalRate: approvalRate(count('accepted'), count('rejected')),
  };
}
