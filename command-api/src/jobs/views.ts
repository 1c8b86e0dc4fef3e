import type { JobState } from '@placement/domain';

export const JOB_REPLIES = {
  // The spec's words, also for a staff post that now awaits an admin.
  submitted: 'Job posting submitted successfully and awaiting admin approval',
  // Not worded by the spec:
  created: 'Job created successfully.',
  updated: 'Job updated successfully.',
  approved: 'Job approved successfully.',
  rejected: 'Job rejected successfully.',
  deleted: 'Job deleted successfully.',
  notificationRequested: 'Students will be notified about this job by email.',
  noSelection: 'Please select at least one job.',
  approveFlag: 'approveImmediately must be true or false',
  overrideGranted: 'The student may now apply to this job despite its eligibility rules.',
} as const;

/** The job as the admin screens show it; `_id` is the spec's name for the id. */
export function jobView(jobId: string, state: JobState) {
  if (state.kind !== 'live') throw new Error(`job ${jobId} is not live after a successful command`);
  return { _id: jobId, id: jobId, ...state.fields, status: state.status, source: state.source, createdAt: state.postedAt };
}

/** The reply that carries the job as the command left it. */
export const jobReplyView = (message: string, jobId: string, state: JobState, position: number) => ({ success: true, message, data: jobView(jobId, state), position });

/** The reply that carries only a message. */
export const jobMessageView = (message: string, position: number) => ({ success: true, message, position });
