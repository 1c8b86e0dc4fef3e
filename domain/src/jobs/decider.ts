import type { JobStatus } from '../constants';
import { reject, type CommandContext, type Decider } from '../decider';
import { applyChanges, changedFields, parseOrReject } from '../schemas-shared';
import { JOB_UPCASTERS } from './upcasters';
import type { JobEvent, JobSource } from './events';
import { eligibilityOverrideSchema, JOB_FIELD_NAMES, jobFormSchema, jobStatusChangeSchema, type JobFields, type JobFormInput } from './schemas';

export type PostJob = { type: 'PostJob'; jobId: string; job: JobFormInput; approveImmediately?: boolean };
export type EditJob = { type: 'EditJob'; jobId: string; job: JobFormInput };
export type ChangeJobStatus = { type: 'ChangeJobStatus'; jobId: string; status: 'approved' | 'rejected' };
export type DeleteJob = { type: 'DeleteJob'; jobId: string };
export type NotifyStudents = { type: 'NotifyStudents'; jobId: string };
/** `studentIsStudent` is whether the command side found a student account with that id. */
export type GrantEligibilityOverride = { type: 'GrantEligibilityOverride'; jobId: string; studentId: string; reason: string; studentIsStudent: boolean };
export type JobCommand = PostJob | EditJob | ChangeJobStatus | DeleteJob | NotifyStudents | GrantEligibilityOverride;

/**
 * `overrides`: the students an admin let apply despite the eligibility rules, with the reason.
 * `source` and `postedAt`: who posted the job and when, as the replies show them.
 */
export type JobState =
  | { kind: 'absent' }
  | { kind: 'live'; status: JobStatus; fields: JobFields; overrides: Record<string, string>; source: JobSource; postedAt: string }
  | { kind: 'deleted' };
type LiveJob = Extract<JobState, { kind: 'live' }>;

export const JOB_REJECTIONS = {
  alreadyExists: 'This job already exists.',
  notFound: 'Job not found',
  onlyAdminApproves: 'Only an admin can post a job that is already approved.',
  notifyNeedsApproval: 'Students can only be notified about an approved job.',
  overrideNeedsStudent: 'Only a student can be let apply despite the eligibility rules.',
  alreadyOverridden: 'This student may already apply to this job despite its eligibility rules.',
} as const;

/** The route decides who posted; a signed-in student or an unknown caller counts as the public form. */
export const jobSourceOf = (context: CommandContext): JobSource =>
  context.actor.role === 'admin' || context.actor.role === 'staff' ? context.actor.role : 'public';

const validJob = (job: JobFormInput, context: CommandContext): JobFields => parseOrReject(jobFormSchema(context.now.getUTCFullYear()), job);

function liveJob(state: JobState): LiveJob {
  if (state.kind !== 'live') return reject('not_found', JOB_REJECTIONS.notFound);
  return state;
}

function postJob(command: PostJob, state: JobState, context: CommandContext): JobEvent[] {
  const fields = validJob(command.job, context);
  if (state.kind !== 'absent') reject('conflict', JOB_REJECTIONS.alreadyExists);
  const source = jobSourceOf(context);
  if (command.approveImmediately && source !== 'admin') reject('forbidden', JOB_REJECTIONS.onlyAdminApproves);
  const status: JobStatus = command.approveImmediately ? 'approved' : 'pending';
  return [{ type: 'JobPosted', data: { jobId: command.jobId, ...fields, source, status, postedAt: context.now.toISOString() } }];
}

function editJob(command: EditJob, state: JobState, context: CommandContext): JobEvent[] {
  const fields = validJob(command.job, context);
  const changes = changedFields(liveJob(state).fields, fields, JOB_FIELD_NAMES);
  return changes ? [{ type: 'JobEdited', data: { jobId: command.jobId, ...changes } }] : [];
}

function changeStatus(command: ChangeJobStatus, state: JobState): JobEvent[] {
  const { status } = parseOrReject(jobStatusChangeSchema, { status: command.status });
  const job = liveJob(state);
  if (job.status === status) return [];
  const data = { jobId: command.jobId, from: job.status };
  return [status === 'approved' ? { type: 'JobApproved', data } : { type: 'JobRejected', data }];
}

function deleteJob(command: DeleteJob, state: JobState): JobEvent[] {
  return [{ type: 'JobDeleted', data: { jobId: command.jobId, status: liveJob(state).status } }];
}

function notifyStudents(command: NotifyStudents, state: JobState): JobEvent[] {
  const job = liveJob(state);
  if (job.status !== 'approved') reject('conflict', JOB_REJECTIONS.notifyNeedsApproval);
  const { profiles, companyName, location, ctcOrStipend, offerType, dateOfJoining } = job.fields;
  return [{ type: 'JobNotificationRequested', data: { jobId: command.jobId, profiles, companyName, location, ctcOrStipend, offerType, dateOfJoining } }];
}

function grantOverride(command: GrantEligibilityOverride, state: JobState): JobEvent[] {
  const { studentId, reason } = parseOrReject(eligibilityOverrideSchema, { studentId: command.studentId, reason: command.reason });
  const job = liveJob(state);
  if (!command.studentIsStudent) reject('not_found', JOB_REJECTIONS.overrideNeedsStudent);
  if (job.overrides[studentId] !== undefined) reject('conflict', JOB_REJECTIONS.alreadyOverridden);
  return [{ type: 'EligibilityOverrideGranted', data: { jobId: command.jobId, studentId, reason } }];
}

function evolve(state: JobState, event: JobEvent): JobState {
  switch (event.type) {
    case 'JobPosted': {
      const { jobId: _jobId, source, status, postedAt, ...fields } = event.data;
      return { kind: 'live', status, fields, overrides: {}, source, postedAt };
    }
    case 'EligibilityOverrideGranted':
      return state.kind === 'live' ? { ...state, overrides: { ...state.overrides, [event.data.studentId]: event.data.reason } } : state;
    case 'JobEdited':
      return state.kind === 'live' ? { ...state, fields: applyChanges(state.fields, event.data) } : state;
    case 'JobApproved':
      return state.kind === 'live' ? { ...state, status: 'approved' } : state;
    case 'JobRejected':
      return state.kind === 'live' ? { ...state, status: 'rejected' } : state;
    case 'JobDeleted':
      return { kind: 'deleted' };
    case 'JobNotificationRequested':
      return state;
  }
}

export const jobDecider: Decider<JobCommand, JobEvent, JobState> = {
  initialState: { kind: 'absent' },
  decide(command, state, context) {
    switch (command.type) {
      case 'PostJob':
        return postJob(command, state, context);
      case 'EditJob':
        return editJob(command, state, context);
      case 'ChangeJobStatus':
        return changeStatus(command, state);
      case 'DeleteJob':
        return deleteJob(command, state);
      case 'NotifyStudents':
        return notifyStudents(command, state);
      case 'GrantEligibilityOverride':
        return grantOverride(command, state);
    }
  },
  evolve,
  upcasters: JOB_UPCASTERS,
};
