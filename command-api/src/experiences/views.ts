import type { ExperienceState } from '@placement/domain';

/** The spec's success texts, word for word. */
export const EXPERIENCE_REPLIES = {
  submitted: 'Interview experience submitted successfully!',
  updated: 'Interview experience updated successfully.',
  deleted: 'Interview experience deleted successfully.',
  // Not worded by the spec (moderation is ours):
  approved: 'Interview experience approved.',
} as const;

/** The experience as the cards and the modal show it; `_id` is the spec's name for the id. */
export function experienceView(experienceId: string, state: ExperienceState) {
  if (state.kind !== 'shared') throw new Error(`experience ${experienceId} is not shared after a successful command`);
  return { _id: experienceId, id: experienceId, ...state.fields, status: state.status, postedDate: state.postedDate };
}

/** The reply that carries the experience as the command left it. */
export const experienceReplyView = (message: string, experienceId: string, state: ExperienceState, position: number) => ({ message, experience: experienceView(experienceId, state), position });

/** The reply that carries only a message. */
export const experienceMessageView = (message: string, position: number) => ({ message, position });
