import { z } from 'zod';
import type { ApplicationStatus, JobStatus } from '../constants';
import { reject, type CommandContext, type Decider } from '../decider';
import { eligibilityReasons, notEligibleMessage, type EligibilityCheck } from '../jobs/eligibility';
import { parseOrReject } from '../schemas-shared';
import { activeOfferAfter, offerEventsOf, offerFor, type ActiveOffer, type OfferJob } from '../offers/application-offers';
import type { OfferTerms } from '../offers/events';
import { placementRefusal, type PlacementCheck } from '../offers/policy';
import type { ApplicationEvent } from './events';
import { INTERVIEW_MESSAGES, interviewSlotSchema, sameSlot, type InterviewSlot } from './interview';
import { APPLICATION_MESSAGES, applicationStatusChangeSchema, submittedApplicationSchema } from './schemas';

/**
 * `jobStatus` is the job's current status as the command side read it; null when there is no such job.
 * `eligibility` is what the command side read at apply time: the job's rules, the student's profile as
 * it stands, and the reason an admin gave for letting this student apply despite the rules (or null).
 */
export type SubmitApplication = {
  type: 'SubmitApplication';
  applicationId: string;
  jobId: string;
  studentId: string;
  jobStatus: JobStatus | null;
  fullName: string;
  email: string;
  phone: string;
  resumeKey: string;
  eligibility: EligibilityCheck;
  /** The current placement policy, the student's accepted offers and the job's tier; absent, nobody holds an offer (bulk loads). */
  placement?: PlacementCheck;
};
/** `interview` is required with status 'Scheduled' and refused with any other (see interviewSlotSchema). */
export type ChangeApplicationStatus = { type: 'ChangeApplicationStatus'; applicationId: string; status: ApplicationStatus; interview?: InterviewSlot; offer?: OfferTerms; job?: OfferJob };
export type DeleteApplication = { type: 'DeleteApplication'; applicationId: string };
export type ApplicationCommand = SubmitApplication | ChangeApplicationStatus | DeleteApplication;

interface ActiveApplication {
  jobId: string;
  studentId: string;
  fullName: string;
  email: string;
  /** The phone and the time of the latest submission, as the review screen shows them. */
  phone: string;
  appliedAt: string;
  status: ApplicationStatus;
  /** The slot of the latest change to 'Scheduled', while the status is 'Scheduled'. */
  interview?: InterviewSlot;
  /** The offer extended with the latest change to Accepted, until the status leaves Accepted. */
  offer?: ActiveOffer;
}

/** 'withdrawn' is a deleted application: the same student may apply to the same job again on the same stream. */
export type ApplicationState = { kind: 'none' } | { kind: 'active'; application: ActiveApplication } | { kind: 'withdrawn' };

function activeApplication(state: ApplicationState): ActiveApplication {
  if (state.kind !== 'active') return reject('not_found', APPLICATION_MESSAGES.notFound);
  return state.application;
}

function submit(command: SubmitApplication, state: ApplicationState, context: CommandContext): ApplicationEvent[] {
  const form = parseOrReject(submittedApplicationSchema, command);
  if (state.kind === 'active') reject('conflict', APPLICATION_MESSAGES.alreadyApplied);
  if (command.jobStatus === null) reject('not_found', APPLICATION_MESSAGES.jobNotFound);
  if (command.jobStatus !== 'approved') reject('conflict', APPLICATION_MESSAGES.jobNotOpen);
  const { applicationId, jobId, studentId, eligibility } = command;
  const reasons = eligibilityReasons(eligibility.rules, eligibility.profile);
  if (reasons.length > 0 && eligibility.overrideReason === null) {
    reject('conflict', notEligibleMessage(reasons), reasons.map((message) => ({ field: 'eligibility', message })));
  }
  const refusal = command.placement ? placementRefusal(command.placement.policy, command.placement.held, command.placement.jobTier) : null;
  if (refusal !== null) reject('conflict', refusal, [{ field: 'placement', message: refusal }]);
  // An application let in despite failing rules says so, for the audit history.
  const override = reasons.length > 0 ? { eligibilityOverride: { reason: eligibility.overrideReason!, failedRules: reasons } } : {};
  return [{ type: 'ApplicationSubmitted', data: { applicationId, jobId, studentId, ...form, status: 'Applied', appliedAt: context.now.toISOString(), ...override } }];
}

/** The slot a change to `status` carries: required for 'Scheduled', refused for any other status. */
function interviewFor(status: ApplicationStatus, input: unknown): InterviewSlot | undefined {
  if (status !== 'Scheduled') {
    if (input === undefined || input === null) return undefined;
    return reject('invalid', INTERVIEW_MESSAGES.onlyWhenScheduled, [{ field: 'interview', message: INTERVIEW_MESSAGES.onlyWhenScheduled }]);
  }
  if (input === undefined || input === null) return reject('invalid', INTERVIEW_MESSAGES.required, [{ field: 'interview', message: INTERVIEW_MESSAGES.required }]);
  return parseOrReject(interviewOfCommand, { interview: input }).interview;
}
const interviewOfCommand = z.object({ interview: interviewSlotSchema });

function changeStatus(command: ChangeApplicationStatus, state: ApplicationState, context: CommandContext): ApplicationEvent[] {
  const { status } = parseOrReject(applicationStatusChangeSchema, { status: command.status });
  const interview = interviewFor(status, command.interview);
  const application = activeApplication(state);
  const terms = offerFor(status, command.offer);
  // Scheduled again with another slot is a new slot (the student is told again); the same slot changes nothing.
  if (application.status === status && sameSlot(application.interview, interview)) return [];
  const { jobId, studentId, fullName, email } = application;
  const slot = interview ? { interview } : {};
  const offerEvents = offerEventsOf({ applicationId: command.applicationId, jobId, studentId, status, terms, job: command.job, current: application.offer }, context.now);
  return [{ type: 'ApplicationStatusChanged', data: { applicationId: command.applicationId, jobId, studentId, fullName, email, from: application.status, to: status, ...slot } }, ...offerEvents];
}

function remove(command: DeleteApplication, state: ApplicationState, context: CommandContext): ApplicationEvent[] {
  const { jobId, studentId, status, offer } = activeApplication(state);
  // A deleted application's offer is withdrawn first, so that no offer outlives its application.
  const withdrawn = offerEventsOf({ applicationId: command.applicationId, jobId, studentId, status: 'Applied', terms: undefined, job: undefined, current: offer }, context.now);
  return [...withdrawn, { type: 'ApplicationDeleted', data: { applicationId: command.applicationId, jobId, studentId, status } }];
}

function evolve(state: ApplicationState, event: ApplicationEvent): ApplicationState {
  switch (event.type) {
    case 'ApplicationSubmitted': {
      const { jobId, studentId, fullName, email, phone, appliedAt, status } = event.data;
      return { kind: 'active', application: { jobId, studentId, fullName, email, phone, appliedAt, status } };
    }
    case 'ApplicationStatusChanged':
      return state.kind === 'active' ? { kind: 'active', application: { ...state.application, status: event.data.to, interview: event.data.interview } } : state;
    case 'ApplicationDeleted':
      return { kind: 'withdrawn' };
    case 'OfferExtended':
    case 'OfferWithdrawn':
      return state.kind === 'active' ? { kind: 'active', application: { ...state.application, offer: activeOfferAfter(event) } } : state;
  }
}

export const applicationDecider: Decider<ApplicationCommand, ApplicationEvent, ApplicationState> = {
  initialState: { kind: 'none' },
  decide(command, state, context) {
    switch (command.type) {
      case 'SubmitApplication':
        return submit(command, state, context);
      case 'ChangeApplicationStatus':
        return changeStatus(command, state, context);
      case 'DeleteApplication':
        return remove(command, state, context);
    }
  },
  evolve,
};
