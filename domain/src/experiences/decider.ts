import { reject, type CommandContext, type Decider } from '../decider';
import { applyChanges, changedFields, parseOrReject } from '../schemas-shared';
import type { ExperienceEvent } from './events';
import { EXPERIENCE_FIELD_NAMES, EXPERIENCE_MESSAGES, experienceFormSchema, type ExperienceFields, type ExperienceFormInput } from './schemas';

export type ShareExperience = { type: 'ShareExperience'; experienceId: string; experience: ExperienceFormInput };
export type EditExperience = { type: 'EditExperience'; experienceId: string; experience: ExperienceFormInput };
export type RemoveExperience = { type: 'RemoveExperience'; experienceId: string };
export type ExperienceCommand = ShareExperience | EditExperience | RemoveExperience;

export type ExperienceState = { kind: 'none' } | { kind: 'shared'; fields: ExperienceFields } | { kind: 'removed' };

function sharedFields(state: ExperienceState): ExperienceFields {
  if (state.kind !== 'shared') return reject('not_found', EXPERIENCE_MESSAGES.notFound);
  return state.fields;
}

function share(command: ShareExperience, state: ExperienceState, context: CommandContext): ExperienceEvent[] {
  const fields = parseOrReject(experienceFormSchema, command.experience);
  if (state.kind !== 'none') reject('conflict', EXPERIENCE_MESSAGES.alreadyExists);
  return [{ type: 'ExperienceShared', data: { experienceId: command.experienceId, ...fields, postedDate: context.now.toISOString() } }];
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
    case 'ExperienceShared': {
      const { experienceId: _experienceId, postedDate: _postedDate, ...fields } = event.data;
      return { kind: 'shared', fields };
    }
    case 'ExperienceEdited':
      return state.kind === 'shared' ? { kind: 'shared', fields: applyChanges(state.fields, event.data) } : state;
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
      case 'EditExperience':
        return edit(command, state);
      case 'RemoveExperience':
        return remove(command, state);
    }
  },
  evolve,
};
