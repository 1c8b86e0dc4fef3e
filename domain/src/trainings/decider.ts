import { reject, type Decider } from '../decider';
import { applyChanges, changedFields, parseOrReject } from '../schemas-shared';
import type { TrainingEvent } from './events';
import { TRAINING_FIELD_NAMES, TRAINING_MESSAGES, trainingFormSchema, type TrainingFields, type TrainingFormInput } from './schemas';

export type ScheduleTraining = { type: 'ScheduleTraining'; trainingId: string; training: TrainingFormInput };
export type EditTraining = { type: 'EditTraining'; trainingId: string; training: TrainingFormInput };
export type CancelTraining = { type: 'CancelTraining'; trainingId: string };
export type TrainingCommand = ScheduleTraining | EditTraining | CancelTraining;

export type TrainingState = { kind: 'none' } | { kind: 'scheduled'; fields: TrainingFields } | { kind: 'cancelled' };

function scheduledFields(state: TrainingState): TrainingFields {
  if (state.kind !== 'scheduled') return reject('not_found', TRAINING_MESSAGES.notFound);
  return state.fields;
}

function schedule(command: ScheduleTraining, state: TrainingState): TrainingEvent[] {
  const fields = parseOrReject(trainingFormSchema, command.training);
  if (state.kind !== 'none') reject('conflict', TRAINING_MESSAGES.alreadyExists);
  return [{ type: 'TrainingScheduled', data: { trainingId: command.trainingId, ...fields } }];
}

function edit(command: EditTraining, state: TrainingState): TrainingEvent[] {
  const fields = parseOrReject(trainingFormSchema, command.training);
  const changes = changedFields(scheduledFields(state), fields, TRAINING_FIELD_NAMES);
  return changes ? [{ type: 'TrainingEdited', data: { trainingId: command.trainingId, ...changes } }] : [];
}

function cancel(command: CancelTraining, state: TrainingState): TrainingEvent[] {
  return [{ type: 'TrainingCancelled', data: { trainingId: command.trainingId, title: scheduledFields(state).title } }];
}

function evolve(state: TrainingState, event: TrainingEvent): TrainingState {
  switch (event.type) {
    case 'TrainingScheduled': {
      const { trainingId: _trainingId, ...fields } = event.data;
      return { kind: 'scheduled', fields };
    }
    case 'TrainingEdited':
      return state.kind === 'scheduled' ? { kind: 'scheduled', fields: applyChanges(state.fields, event.data) } : state;
    case 'TrainingCancelled':
      return { kind: 'cancelled' };
  }
}

export const trainingDecider: Decider<TrainingCommand, TrainingEvent, TrainingState> = {
  initialState: { kind: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'ScheduleTraining':
        return schedule(command, state);
      case 'EditTraining':
        return edit(command, state);
      case 'CancelTraining':
        return cancel(command, state);
    }
  },
  evolve,
};
