import type { ApplicationState, ApplicationStatus } from '@placement/domain';

export const APPLICATION_REPLIES = {
  // The spec's words (student side, section 8):
  submitted: 'Application submitted successfully!',
  // Not worded by the spec:
  statusUpdated: (status: ApplicationStatus) => `Status updated to ${status}`,
  deleted: 'Application deleted successfully.',
  jobRequired: 'Please choose a job to apply for.',
} as const;

/** The application as the review screen shows it, as this request left it. */
export function applicationView(applicationId: string, state: ApplicationState) {
  if (state.kind !== 'active') throw new Error(`application ${applicationId} is not active after a successful command`);
  const { jobId, studentId, fullName, email, phone, appliedAt, status, interview } = state.application;
  const slot = interview ? { interview } : {};
  return { _id: applicationId, id: applicationId, status, jobId, userId: studentId, fullName, email, phone, appliedDate: appliedAt, ...slot };
}

/** The reply to a submitted application. */
export const applicationSubmittedView = (applicationId: string, position: number) => ({ message: APPLICATION_REPLIES.submitted, applicationId, position });

/** The reply to a status change: the application as the command left it. */
export function applicationStatusView(applicationId: string, status: ApplicationStatus, state: ApplicationState, position: number) {
  return { message: APPLICATION_REPLIES.statusUpdated(status), ...applicationView(applicationId, state), position };
}
