import type { DomainEvent } from '../decider';
import type { FieldChanges } from '../schemas-shared';
import type { TrainingFields } from './schemas';

export type TrainingScheduled = DomainEvent<'TrainingScheduled', TrainingFields & { trainingId: string }>;
export type TrainingEdited = DomainEvent<'TrainingEdited', FieldChanges<TrainingFields> & { trainingId: string }>;
export type TrainingCancelled = DomainEvent<'TrainingCancelled', { trainingId: string; title: string }>;

export type TrainingEvent = TrainingScheduled | TrainingEdited | TrainingCancelled;

export const TRAINING_EVENT_VERSIONS = {
  TrainingScheduled: 1,
  TrainingEdited: 1,
  TrainingCancelled: 1,
} as const satisfies Record<TrainingEvent['type'], number>;

export const trainingStreamId = (trainingId: string): string => `training-${trainingId}`;
