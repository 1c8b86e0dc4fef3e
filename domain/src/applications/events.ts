import type { ApplicationStatus } from '../constants';
import type { DomainEvent } from '../decider';
import type { InterviewSlot } from './interview';
import type { ApplicationOfferEvent } from '../offers/events';

export type ApplicationSubmitted = DomainEvent<
  'ApplicationSubmitted',
  {
    applicationId: string;
    jobId: string;
    studentId: string;
    fullName: string;
    email: string;
    phone: string;
    resumeKey: string;
    status: 'Applied';
    appliedAt: string;
    /** Present when an admin let the student apply despite failing eligibility rules (named here as they failed). */
    eligibilityOverride?: { reason: string; failedRules: string[] };
  }
>;

/**
 * Carries the applicant's name and address so that the notifier can write to them without a lookup.
 * `interview` is the slot of a change to 'Scheduled' (absent from events recorded before slots existed).
 */
export type ApplicationStatusChanged = DomainEvent<
  'ApplicationStatusChanged',
  {
    applicationId: string;
    jobId: string;
    studentId: string;
    fullName: string;
    email: string;
    from: ApplicationStatus;
    to: ApplicationStatus;
    interview?: InterviewSlot;
  }
>;

/** `status` at deletion lets projections lower the right per-status counts. */
export type ApplicationDeleted = DomainEvent<'ApplicationDeleted', { applicationId: string; jobId: string; studentId: string; status: ApplicationStatus }>;

/** The offer events (OfferExtended, OfferWithdrawn) follow status changes to and from Accepted on the application's stream. */
export type ApplicationEvent = ApplicationSubmitted | ApplicationStatusChanged | ApplicationDeleted | ApplicationOfferEvent;

export const APPLICATION_EVENT_VERSIONS = {
  ApplicationSubmitted: 1,
  ApplicationStatusChanged: 1,
  ApplicationDeleted: 1,
  OfferExtended: 1,
  OfferWithdrawn: 1,
} as const satisfies Record<ApplicationEvent['type'], number>;

export const applicationStreamId = (applicationId: string): string => `application-${applicationId}`;

/**
 * The one application id of a student and a job, so that the store's expected-revision check on its stream
 * enforces one application per pair. `hash` is supplied by the command side (e.g. uuid v5 in a fixed namespace).
 */
export const applicationIdFor = (studentId: string, jobId: string, hash: (name: string) => string): string => hash(JSON.stringify([studentId, jobId]));
