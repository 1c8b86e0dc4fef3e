import type { JobStatus, OfferType } from '../constants';
import type { DomainEvent } from '../decider';
import type { FieldChanges } from '../schemas-shared';
import type { JobFields } from './schemas';

/** Who posted: a visitor through the public form, or a signed-in staff member or admin. */
export type JobSource = 'public' | 'staff' | 'admin';

export type JobPosted = DomainEvent<'JobPosted', JobFields & { jobId: string; source: JobSource; status: JobStatus; postedAt: string }>;
export type JobEdited = DomainEvent<'JobEdited', FieldChanges<JobFields> & { jobId: string }>;
export type JobApproved = DomainEvent<'JobApproved', { jobId: string; from: JobStatus }>;
export type JobRejected = DomainEvent<'JobRejected', { jobId: string; from: JobStatus }>;
export type JobDeleted = DomainEvent<'JobDeleted', { jobId: string; status: JobStatus }>;

/** What the notifier needs to write the announcement without reading anything else. */
export interface JobAnnouncement {
  profiles: string;
  companyName: string;
  location: string;
  ctcOrStipend: string;
  offerType: OfferType[];
  dateOfJoining: string;
}
export type JobNotificationRequested = DomainEvent<'JobNotificationRequested', JobAnnouncement & { jobId: string }>;

/** An admin let one student apply despite the job's eligibility rules. */
export type EligibilityOverrideGranted = DomainEvent<'EligibilityOverrideGranted', { jobId: string; studentId: string; reason: string }>;

export type JobEvent = JobPosted | JobEdited | JobApproved | JobRejected | JobDeleted | JobNotificationRequested | EligibilityOverrideGranted;

export const JOB_EVENT_VERSIONS = {
  JobPosted: 2,
  JobEdited: 1,
  JobApproved: 1,
  JobRejected: 1,
  JobDeleted: 1,
  JobNotificationRequested: 1,
  EligibilityOverrideGranted: 1,
} as const satisfies Record<JobEvent['type'], number>;

export const jobStreamId = (jobId: string): string => `job-${jobId}`;
