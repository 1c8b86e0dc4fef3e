import type { DomainEvent } from '../decider';
import type { FieldChanges } from '../schemas-shared';
import type { ExperienceFields } from './schemas';

/** Shared by staff or an admin: listed at once (and every experience recorded before moderation existed). */
export type ExperienceShared = DomainEvent<'ExperienceShared', ExperienceFields & { experienceId: string; postedDate: string }>;
/** Shared by a visitor or a student: held for review, listed once approved. */
export type ExperienceSubmitted = DomainEvent<'ExperienceSubmitted', ExperienceFields & { experienceId: string; postedDate: string }>;
export type ExperienceApproved = DomainEvent<'ExperienceApproved', { experienceId: string; companyName: string; role: string }>;
export type ExperienceEdited = DomainEvent<'ExperienceEdited', FieldChanges<ExperienceFields> & { experienceId: string }>;
export type ExperienceRemoved = DomainEvent<'ExperienceRemoved', { experienceId: string; companyName: string; role: string }>;

export type ExperienceEvent = ExperienceShared | ExperienceSubmitted | ExperienceApproved | ExperienceEdited | ExperienceRemoved;

export const EXPERIENCE_EVENT_VERSIONS = {
  ExperienceShared: 1,
  ExperienceSubmitted: 1,
  ExperienceApproved: 1,
  ExperienceEdited: 1,
  ExperienceRemoved: 1,
} as const satisfies Record<ExperienceEvent['type'], number>;

export const experienceStreamId = (experienceId: string): string => `experience-${experienceId}`;
