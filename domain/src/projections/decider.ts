import { z } from 'zod';
import type { Decider } from '../decider';
import { parseOrReject, safeText } from '../schemas-shared';
import type { ProjectionOperationEvent } from './events';

export const PROJECTION_SKIP_MESSAGES = {
  // Not worded by the spec (it has no operations screens):
  positionRequired: 'The position of the event to skip is required',
  positionInvalid: 'The position must be a whole number above 0',
  reasonRequired: 'Please give a reason for skipping the event',
  reasonTooLong: 'The reason may be at most 500 characters',
  skipped: 'The event will be skipped',
} as const;

export const SKIP_REASON_MAX_LENGTH = 500;

/** The body of an admin's skip: which event (its global position) and why. */
export const projectionSkipSchema = z.object({
  position: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? PROJECTION_SKIP_MESSAGES.positionRequired : PROJECTION_SKIP_MESSAGES.positionInvalid) })
      .int({ error: PROJECTION_SKIP_MESSAGES.positionInvalid })
      .min(1, { error: PROJECTION_SKIP_MESSAGES.positionInvalid })
      .max(Number.MAX_SAFE_INTEGER, { error: PROJECTION_SKIP_MESSAGES.positionInvalid }),
  ),
  reason: safeText({ error: PROJECTION_SKIP_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: PROJECTION_SKIP_MESSAGES.reasonRequired, abort: true })
    .max(SKIP_REASON_MAX_LENGTH, { error: PROJECTION_SKIP_MESSAGES.reasonTooLong }),
});
export type ProjectionSkipInput = z.input<typeof projectionSkipSchema>;

export type SkipProjectionEvent = { type: 'SkipProjectionEvent'; projection: string; skip: ProjectionSkipInput };
export type ProjectionOperationCommand = SkipProjectionEvent;

/** The positions already skipped in one projection. */
export interface ProjectionOperationState {
  skipped: readonly number[];
}

/**
 * Skipping is decided here, applied by the projectors: a stuck runner reads the projection's stream
 * between tries and moves past exactly the positions it names. A second skip of the same position
 * changes nothing. Whether the projection is stuck there is the runner's business: a skip of an event
 * that applies normally is never used (the runner looks for skips only after a failure).
 */
export const projectionOperationDecider: Decider<ProjectionOperationCommand, ProjectionOperationEvent, ProjectionOperationState> = {
  initialState: { skipped: [] },
  decide(command, state) {
    const { position, reason } = parseOrReject(projectionSkipSchema, command.skip);
    if (state.skipped.includes(position)) return [];
    return [{ type: 'ProjectionEventSkipped', data: { projection: command.projection, position, reason } }];
  },
  evolve(state, event) {
    return { skipped: [...state.skipped, event.data.position] };
  },
};
