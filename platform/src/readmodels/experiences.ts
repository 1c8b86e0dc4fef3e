import type { ExperienceFields, ExperienceStatus } from '@placement/domain';

/** The experiences projection's collections. */
export const EXPERIENCE_COLLECTIONS = { experiences: 'interview_experiences', stats: 'experience_stats' } as const;

/**
 * The top-level lower-cased copies the company and role filters and the management search match
 * (`search…`: the local server answers a `$regex` on such a field from a trigram index), one per
 * searched field so that an edit (which carries only what changed) sets exactly the copies of what it changed.
 */
export interface ExperienceSearchFields {
  searchCompanyName: string;
  searchRole: string;
  searchAuthor: string;
}
export const EXPERIENCE_SEARCH_FIELDS = ['searchCompanyName', 'searchRole', 'searchAuthor'] as const satisfies readonly (keyof ExperienceSearchFields)[];

/** Bounded copies (sortKeyOf) of the fields the lists sort by: what the indexes hold. */
export interface ExperienceSortKeys {
  companyName: string;
}

/** One interview experience; `postedDate` is an ISO 8601 instant in UTC. */
export interface ExperienceDocument extends ExperienceFields, ExperienceSearchFields {
  _id: string;
  postedDate: string;
  /** Every document has it since the projection's shape 3 (a document projected before moderation existed had none). */
  status: ExperienceStatus;
  updatedAt: string;
  sort: ExperienceSortKeys;
}

/**
 * The filter of what students and visitors see: the approved experiences (not those held for review).
 * An equality, which the local server answers from an index (it scans for `$ne`).
 */
export const LISTED_EXPERIENCES = { status: 'approved' } as const;

/** Fields of an experience document that no reply shows. */
export const EXPERIENCE_INTERNAL_FIELDS = ['sort', '_v', ...EXPERIENCE_SEARCH_FIELDS] as const;

/** The one counter document of the experience statistics. */
export interface ExperienceStatsDocument {
  _id: typeof EXPERIENCE_STATS_ID;
  total: number;
}
export const EXPERIENCE_STATS_ID = 'experiences';
