import type { DomainEvent } from '../decider';
import type { FieldChanges } from '../schemas-shared';
import type { ExperienceFields } from './schemas';

export type ExperienceShared = DomainEvent<'ExperienceShared', ExperienceFields & { experienceId: string; postedDate: string }>;
export type ExperienceEdited = DomainEvent<'ExperienceEdited', FieldChanges<ExperienceFields> & { experienceId: string }>;
export type ExperienceRemoved = DomainEvent<'ExperienceRemoved', { experienceId: string; companyName: string; role: string }>;

export type ExperienceEvent = ExperienceShared | ExperienceEdited | ExperienceRemoved;

export const EXPERIENCE_EVENT_VERSIONS = {
  ExperienceShared: 1,
  ExperienceEdited: 1,
  ExperienceRemoved: 1,
} as const satisfies Record<ExperienceEvent['type'], number>;

export const experienceStreamId = (experienceId: string): string => `experience-${experienceId}`;
