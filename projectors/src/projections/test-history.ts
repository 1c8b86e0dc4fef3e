import { randomUUID } from 'node:crypto';
import {
  applicationStreamId,
  campaignStreamId,
  experienceStreamId,
  jobStreamId,
  resumeStreamId,
  studentProfileSchema,
  templateStreamId,
  trainingStreamId,
  userStreamId,
  type ApplicationEvent,
  type CampaignEvent,
  type ExperienceEvent,
  type JobEvent,
  type JobFields,
  type ResumeEvent,
  type StudentProfile,
  type TemplateEvent,
  type TrainingEvent,
  type UserEvent,
} from '@placement/domain';
import { jobFixtures } from '@placement/domain/test-support';
import type { EventStore, NewEvent, RecordedEvent } from '@placement/platform';

export type PortalEvent = JobEvent | ApplicationEvent | UserEvent | TrainingEvent | ExperienceEvent | TemplateEvent | CampaignEvent | ResumeEvent;

type AggregateIds = { studentId?: string; applicationId?: string; jobId?: string; userId?: string; trainingId?: string; experienceId?: string; templateId?: string; campaignId?: string };

const streamOf = (event: PortalEvent): string => {
  const data = event.data as AggregateIds;
  if (event.type.startsWith('Application')) return applicationStreamId(data.applicationId!);
  if (event.type.startsWith('Job')) return jobStreamId(data.jobId!);
  if (event.type.startsWith('Training')) return trainingStreamId(data.trainingId!);
  if (event.type.startsWith('Experience')) return experienceStreamId(data.experienceId!);
  if (event.type.startsWith('Template')) return templateStreamId(data.templateId!);
  if (event.type.startsWith('Campaign')) return campaignStreamId(data.campaignId!);
  if (event.type.startsWith('Resume')) return resumeStreamId(data.studentId!);
  return userStreamId(data.userId!);
};

const asNewEvent = (event: PortalEvent, occurredAt: string): NewEvent => ({
  eventId: randomUUID(),
  type: event.type,
  schemaVersion: 1,
  data: event.data,
  metadata: { actorId: null, actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt },
});

/** Appends events in order, each to its own aggregate's stream. */
export async function appendAll(store: EventStore, events: readonly PortalEvent[]): Promise<void> {
  for (const [index, event] of events.entries()) {
    await store.append(streamOf(event), [asNewEvent(event, new Date(Date.UTC(2025, 2, 10, 9, 0, index)).toISOString())], 'any');
  }
}

/** A recorded event at `position`, for testing a projection's pure `apply`. */
export const recorded = (event: PortalEvent, position = 1): RecordedEvent => ({
  ...asNewEvent(event, '2025-03-10T09:00:00.000Z'),
  streamId: streamOf(event),
  revision: 0,
  position,
});

/** The fixture form is already in its parsed shape. */
export const JOB_FIELDS = jobFixtures.validJobForm as JobFields;

export const jobPosted = (jobId: string, fields: Partial<JobFields> = {}, status: 'pending' | 'approved' = 'approved', postedAt = '2025-03-01T10:00:00.000Z'): JobEvent => ({
  type: 'JobPosted',
  data: { jobId, ...JOB_FIELDS, ...fields, source: status === 'approved' ? 'admin' : 'public', status, postedAt },
});

export const applicationSubmitted = (applicationId: string, jobId: string, studentId: string, appliedAt = '2025-03-05T10:00:00.000Z'): ApplicationEvent => ({
  type: 'ApplicationSubmitted',
  data: { applicationId, jobId, studentId, fullName: `Form name of ${studentId}`, email: `form.${studentId}@university.edu`, phone: '9000000000', resumeKey: `resumes/${applicationId}/cv.pdf`, status: 'Applied', appliedAt },
});

export const studentRegistered = (userId: string, fullName: string): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, fullName, email: `${userId}@university.edu`, rollNo: `R-${userId}`, passwordHash: 'x', role: 'student', status: 'active', verified: false },
});

/** A complete student profile, as the profile form saves it. */
export const aStudentProfile = (overrides: Partial<StudentProfile> = {}): StudentProfile => ({
  ...studentProfileSchema.parse({
    mobileNo: '9876543210',
    whatsappNo: '9876543211',
    fatherName: 'Ramesh Rao',
    fatherNumber: '9876543212',
    school: 'SOET',
    existingBacklogs: 0,
    areaOfInterest: 'Data engineering',
    hasCertifications: true,
    readyToRelocate: true,
    education: { tenth: { percentage: 91, passingYear: '2017' }, twelfth: { percentage: 88, passingYear: '2019' } },
    skills: [{ id: '1', name: 'SQL' }],
    certifications: [{ name: 'AWS', imageKey: 'profiles/asha/certifications/c1.jpg' }],
    experience: [{ hasExperience: false }],
  }),
  resumeKey: 'profiles/asha/resume/r1.pdf',
  profilePhotoKey: 'profiles/asha/photo/p1.png',
  ...overrides,
});

/** A saved profile whose change is the mobile number. */
export const mobileNumberSaved = (userId: string, mobileNo: string): UserEvent => ({
  type: 'StudentProfileUpdated',
  data: { userId, profile: aStudentProfile({ mobileNo }), before: {}, after: { mobileNo } },
});

/**
 * A small portal history touching every event these projections read: jobs posted, edited,
 * approved, rejected and deleted; accounts registered, created, edited and deleted; applications
 * submitted, moved through statuses and deleted, including one whose job is deleted afterwards.
 */
export const portalHistory = (): PortalEvent[] => [
  studentRegistered('asha', 'Asha Rao'),
  { type: 'UserCreatedByAdmin', data: { userId: 'bala', fullName: 'Bala K', email: 'bala@university.edu', mobileNo: '9000000002', rollNo: 'R-bala', passwordHash: 'x', role: 'student', status: 'active', verified: true } },
  mobileNumberSaved('asha', '9000000001'),
  jobPosted('job-1', { companyName: 'Acme Analytics', dateOfJoining: '2030-01-01' }),
  jobPosted('job-2', { companyName: 'Beta Bank', profiles: 'Teller', offerType: ['Internship + PPO', 'Apprenticeship'] }, 'pending', '2025-03-02T10:00:00.000Z'),
  { type: 'JobApproved', data: { jobId: 'job-2', from: 'pending' } },
  jobPosted('job-3', { companyName: 'Gamma Games', dateOfJoining: '2020-01-01' }, 'approved', '2025-03-03T10:00:00.000Z'),
  jobPosted('job-4', { companyName: 'Delta Design' }, 'pending', '2025-03-04T10:00:00.000Z'),
  { type: 'JobRejected', data: { jobId: 'job-4', from: 'pending' } },
  applicationSubmitted('app-1', 'job-1', 'asha'),
  applicationSubmitted('app-2', 'job-1', 'bala', '2025-03-06T10:00:00.000Z'),
  applicationSubmitted('app-3', 'job-3', 'asha', '2025-03-07T10:00:00.000Z'),
  applicationSubmitted('app-4', 'job-2', 'bala', '2025-03-08T10:00:00.000Z'),
  { type: 'ApplicationStatusChanged', data: { applicationId: 'app-1', jobId: 'job-1', studentId: 'asha', fullName: 'x', email: 'x', from: 'Applied', to: 'Accepted' } },
  { type: 'ApplicationStatusChanged', data: { applicationId: 'app-2', jobId: 'job-1', studentId: 'bala', fullName: 'x', email: 'x', from: 'Applied', to: 'Rejected' } },
  { type: 'ApplicationStatusChanged', data: { applicationId: 'app-4', jobId: 'job-2', studentId: 'bala', fullName: 'x', email: 'x', from: 'Applied', to: 'Under Review' } },
  { type: 'JobEdited', data: { jobId: 'job-1', before: { companyName: 'Acme Analytics', location: 'Bengaluru' }, after: { companyName: 'Acme Labs', location: 'Pune' } } },
  { type: 'UserDetailsChanged', data: { userId: 'bala', before: { fullName: 'Bala K' }, after: { fullName: 'Bala Krishnan' } } },
  { type: 'JobDeleted', data: { jobId: 'job-3', status: 'approved' } },
  { type: 'ApplicationDeleted', data: { applicationId: 'app-4', jobId: 'job-2', studentId: 'bala', status: 'Under Review' } },
  applicationSubmitted('app-4', 'job-2', 'bala', '2025-03-09T10:00:00.000Z'),
  { type: 'UserDeleted', data: { userId: 'asha', email: 'asha@university.edu', role: 'student', status: 'active', verified: false } },
];
