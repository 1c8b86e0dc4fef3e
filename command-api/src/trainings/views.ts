import type { TrainingState } from '@placement/domain';

/** The spec words only the failures ('Failed to save training', ...); these are ours. */
export const TRAINING_REPLIES = {
  created: 'Training created successfully.',
  updated: 'Training updated successfully.',
  deleted: 'Training deleted successfully.',
} as const;

/** The training as the lists show it; `_id` is the spec's name for the id. */
export function trainingView(trainingId: string, state: TrainingState) {
  if (state.kind !== 'scheduled') throw new Error(`training ${trainingId} is not scheduled after a successful command`);
  return { _id: trainingId, id: trainingId, ...state.fields };
}

/** The reply that carries the training as the command left it. */
export const trainingReplyView = (message: string, trainingId: string, state: TrainingState, position: number) => ({ message, training: trainingView(trainingId, state), position });

/** The reply that carries only a message. */
export const trainingMessageView = (message: string, position: number) => ({ message, position });
