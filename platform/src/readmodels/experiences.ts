import type { ExperienceFields, ExperienceStatus } from '@placement/domain';

/** The experiences projection's collections. */
export const EXPERIENCE_COLLECTIONS = { experiences: 'interview_experiences', stats: 'experience_stats' } as const;

/** Lower-cased copies of the fields the searches and the company sorts compare. */
export interface ExperienceSearchFields {
  companyName: string;
  role: string;
  author: string;
}

/** Bounded copies (sortKeyOf) of the fields the lists sort by: what the indexes hold. */
export interface ExperienceSortKeys {
  companyName: string;
}

/** One interview experience; `postedDate` is an ISO 8601 instant in UTC. */
export interface ExperienceDocument extends ExperienceFields {
  _id: string;
  postedDate: string;
  /** Missing on documents projected before moderation existed: those are approved. */
  status?: ExperienceStatus;
  updatedAt: string;
  lower: ExperienceSearchFields;
  sort: ExperienceSortKeys;
}

/** The filter of what students and visitors see: every experience but those held for review. */
export const LISTED_EXPERIENCES = { status: { $ne: 'pending' } } as const;

/** Fields of an experience document that no reply shows. */
export const EXPERIENCE_INTERNAL_FIELDS = ['lower', 'sort', '_v'] as const;

/** The one counter document of the experience statistics. */
export interface ExperienceStatsDocument {
  _id: typeof EXPERIENCE_STATS_ID;
  total: number;
}
export const EXPERIENCE_STATS_ID = 'experiences';
