import type { ApplicationStatus, JobStatus } from '../constants';
import { reject, type CommandContext, type Decider } from '../decider';
import { eligibilityReasons, notEligibleMessage, type EligibilityCheck } from '../jobs/eligibility';
import { parseOrReject } from '../schemas-shared';
import type { ApplicationEvent } from './events';
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
};
export type ChangeApplicationStatus = { type: 'ChangeApplicationStatus'; applicationId: string; status: ApplicationStatus };
export type DeleteApplication = { type: 'DeleteApplication'; applicationId: string };
export type ApplicationCommand = SubmitApplication | ChangeApplicationStatus | DeleteApplication;

interface ActiveApplication {
  jobId: string;
  studentId: string;
  fullName: string;
  email: string;
  status: ApplicationStatus;
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
  // An application let in despite failing rules says so, for the audit history.
  const override = reasons.length > 0 ? { eligibilityOverride: { reason: eligibility.overrideReason!, failedRules: reasons } } : {};
  return [{ type: 'ApplicationSubmitted', data: { applicationId, jobId, studentId, ...form, status: 'Applied', appliedAt: context.now.toISOString(), ...override } }];
}

function changeStatus(command: ChangeApplicationStatus, state: ApplicationState): ApplicationEvent[] {
  const { status } = parseOrReject(applicationStatusChangeSchema, { status: command.status });
  const application = activeApplication(state);
  if (application.status === status) return [];
  const { jobId, studentId, fullName, email } = application;
  return [{ type: 'ApplicationStatusChanged', data: { applicationId: command.applicationId, jobId, studentId, fullName, email, from: application.status, to: status } }];
}

function remove(command: DeleteApplication, state: ApplicationState): ApplicationEvent[] {
  const { jobId, studentId, status } = activeApplication(state);
  return [{ type: 'ApplicationDeleted', data: { applicationId: command.applicationId, jobId, studentId, status } }];
}

function evolve(state: ApplicationState, event: ApplicationEvent): ApplicationState {
  switch (event.type) {
    case 'ApplicationSubmitted': {
      const { jobId, studentId, fullName, email, status } = event.data;
      return { kind: 'active', application: { jobId, studentId, fullName, email, status } };
    }
    case 'ApplicationStatusChanged':
      return state.kind === 'active' ? { kind: 'active', application: { ...state.application, status: event.data.to } } : state;
    case 'ApplicationDeleted':
      return { kind: 'withdrawn' };
  }
}

export const applicationDecider: Decider<ApplicationCommand, ApplicationEvent, ApplicationState> = {
  initialState: { kind: 'none' },
  decide(command, state, context) {
    switch (command.type) {
      case 'SubmitApplication':
        return submit(command, state, context);
      case 'ChangeApplicationStatus':
        return changeStatus(command, state);
      case 'DeleteApplication':
        return remove(command, state);
    }
  },
  evolve,
};
