import { reject, type CommandContext, type Decider } from '../decider';
import { authorize, callerOf } from '../permissions';
import { applyChanges, changedFields, parseOrReject } from '../schemas-shared';
import type { ExperienceEvent } from './events';
import { EXPERIENCE_FIELD_NAMES, EXPERIENCE_MESSAGES, experienceFormSchema, type ExperienceFields, type ExperienceFormInput, type ExperienceStatus } from './schemas';

export type ShareExperience = { type: 'ShareExperience'; experienceId: string; experience: ExperienceFormInput };
export type ApproveExperience = { type: 'ApproveExperience'; experienceId: string };
export type EditExperience = { type: 'EditExperience'; experienceId: string; experience: ExperienceFormInput };
export type RemoveExperience = { type: 'RemoveExperience'; experienceId: string };
export type ExperienceCommand = ShareExperience | ApproveExperience | EditExperience | RemoveExperience;

/** `postedDate`: when it was shared, as the cards show it. */
export type ExperienceState = { kind: 'none' } | { kind: 'shared'; status: ExperienceStatus; fields: ExperienceFields; postedDate: string } | { kind: 'removed' };

function sharedFields(state: ExperienceState): ExperienceFields {
  if (state.kind !== 'shared') return reject('not_found', EXPERIENCE_MESSAGES.notFound);
  return state.fields;
}

function share(command: ShareExperience, state: ExperienceState, context: CommandContext): ExperienceEvent[] {
  const fields = parseOrReject(experienceFormSchema, command.experience);
  if (state.kind !== 'none') reject('conflict', EXPERIENCE_MESSAGES.alreadyExists);
  const data = { experienceId: command.experienceId, ...fields, postedDate: context.now.toISOString() };
  // Staff and admins publish at once; a visitor's or a student's experience waits for their review.
  const publish = authorize(callerOf(context.actor), 'experiences.publish') === 'allow';
  return [publish ? { type: 'ExperienceShared', data } : { type: 'ExperienceSubmitted', data }];
}

/** Approving an approved experience changes nothing (a second moderator's click). */
function approve(command: ApproveExperience, state: ExperienceState): ExperienceEvent[] {
  const { companyName, role } = sharedFields(state);
  if (state.kind === 'shared' && state.status === 'approved') return [];
  return [{ type: 'ExperienceApproved', data: { experienceId: command.experienceId, companyName, role } }];
}

function edit(command: EditExperience, state: ExperienceState): ExperienceEvent[] {
  const fields = parseOrReject(experienceFormSchema, command.experience);
  const changes = changedFields(sharedFields(state), fields, EXPERIENCE_FIELD_NAMES);
  return changes ? [{ type: 'ExperienceEdited', data: { experienceId: command.experienceId, ...changes } }] : [];
}

function remove(command: RemoveExperience, state: ExperienceState): ExperienceEvent[] {
  const { companyName, role } = sharedFields(state);
  return [{ type: 'ExperienceRemoved', data: { experienceId: command.experienceId, companyName, role } }];
}

function evolve(state: ExperienceState, event: ExperienceEvent): ExperienceState {
  switch (event.type) {
    case 'ExperienceShared':
    case 'ExperienceSubmitted': {
      const { experienceId: _experienceId, postedDate, ...fields } = event.data;
      return { kind: 'shared', status: event.type === 'ExperienceShared' ? 'approved' : 'pending', fields, postedDate };
    }
    case 'ExperienceApproved':
      return state.kind === 'shared' ? { ...state, status: 'approved' } : state;
    case 'ExperienceEdited':
      return state.kind === 'shared' ? { ...state, fields: applyChanges(state.fields, event.data) } : state;
    case 'ExperienceRemoved':
      return { kind: 'removed' };
  }
}

export const experienceDecider: Decider<ExperienceCommand, ExperienceEvent, ExperienceState> = {
  initialState: { kind: 'none' },
  decide(command, state, context) {
    switch (command.type) {
      case 'ShareExperience':
        return share(command, state, context);
      case 'ApproveExperience':
        return approve(command, state);
      case 'EditExperience':
        return edit(command, state);
      case 'RemoveExperience':
        return remove(command, state);
    }
  },
  evolve,
};
