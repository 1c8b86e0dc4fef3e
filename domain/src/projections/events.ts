import type { DomainEvent } from '../decider';

/**
 * An admin accepted that one read model will never hold one event: the projection `projection` could
 * not apply the event at global `position` and moves on past it. Appended to the projection's own
 * stream, so it shows in the audit log with the admin as actor; no projection applies it.
 */
export type ProjectionEventSkipped = DomainEvent<'ProjectionEventSkipped', { projection: string; position: number; reason: string }>;

export type ProjectionOperationEvent = ProjectionEventSkipped;

export const PROJECTION_EVENT_SKIPPED = 'ProjectionEventSkipped' satisfies ProjectionEventSkipped['type'];

export const PROJECTION_OPERATION_EVENT_VERSIONS = {
  ProjectionEventSkipped: 1,
} as const satisfies Record<ProjectionOperationEvent['type'], number>;

/** The stream of what admins decided about one projection. */
export const projectionStreamId = (projection: string): string => `projection-${projection}`;
