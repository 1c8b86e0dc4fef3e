import type { Filter, Sort } from 'mongodb';
import { EXPERIENCE_SORTS, EXPERIENCE_STATUSES, LIMITS, type ExperienceSort } from '@placement/domain';
import {
  EXPERIENCE_COLLECTIONS,
  EXPERIENCE_INTERNAL_FIELDS,
  EXPERIENCE_STATS_ID,
  LISTED_EXPERIENCES,
  ReadModels,
  type ExperienceDocument,
  type ExperienceSearchFields,
  type ExperienceStatsDocument,
} from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { anyFieldContaining, containing, findListed, optionalText, pageOf, pagingQuery } from '../lists';

/** The interview experiences' read side: the query strings they accept, their filters and sorts, and their reads of the read models. */

export const experiencesListQuery = z.object({
  /** Case-insensitive substring of the company name. */
  company: optionalText(),
  /** Case-insensitive substring of the role. */
  role: optionalText(),
  sort: z.enum(EXPERIENCE_SORTS).default('dateDesc'),
  ...pagingQuery,
});
export type ExperiencesListQuery = z.output<typeof experiencesListQuery>;

export const manageExperiencesQuery = z.object({
  /** Case-insensitive substring of the company, the role or the author. */
  search: optionalText(),
  /** Only those held for review (pending) or only those listed (approved); both when absent. */
  status: z.enum(EXPERIENCE_STATUSES).optional(),
  ...pagingQuery,
});
export type ManageExperiencesQuery = z.output<typeof manageExperiencesQuery>;

/** Each sort of the insights page; ties fall to the newest, then the id, so pages never overlap. */
const SORTS: Record<ExperienceSort, Sort> = {
  dateDesc: { postedDate: -1, _id: -1 },
  dateAsc: { postedDate: 1, _id: 1 },
  companyAsc: { 'sort.companyName': 1, postedDate: -1, _id: -1 },
  companyDesc: { 'sort.companyName': -1, postedDate: -1, _id: -1 },
};

/**
 * The top-level lower-cased copies the filters and the search match (the experiences projection writes
 * them; the local server answers a `$regex` on them from trigram indexes).
 */
const SEARCH_COMPANY = 'searchCompanyName' satisfies keyof ExperienceSearchFields;
const SEARCH_ROLE = 'searchRole' satisfies keyof ExperienceSearchFields;
const SEARCH_AUTHOR = 'searchAuthor' satisfies keyof ExperienceSearchFields;

/** What the lists leave out of the documents they read: the internal fields, the `search…` copies among them (experienceView drops the same). */
const EXPERIENCE_REPLY_PROJECTION = Object.fromEntries(EXPERIENCE_INTERNAL_FIELDS.map((field) => [field, 0]));

/** Students and visitors see approved experiences only: one held for review is not listed. */
export function listFilter(query: ExperiencesListQuery): Filter<ExperienceDocument> {
  const filter: Filter<ExperienceDocument> = { ...LISTED_EXPERIENCES };
  if (query.company) filter[SEARCH_COMPANY] = containing(query.company);
  if (query.role) filter[SEARCH_ROLE] = containing(query.role);
  return filter;
}

export function manageFilter(query: ManageExperiencesQuery): Filter<ExperienceDocument> {
  const search: Filter<ExperienceDocument> = query.search ? anyFieldContaining([SEARCH_COMPANY, SEARCH_ROLE, SEARCH_AUTHOR], query.search) : {};
  if (query.status === 'pending') return { ...search, status: 'pending' };
  if (query.status === 'approved') return { ...search, ...LISTED_EXPERIENCES };
  return search;
}

/** The reads of the experiences' read models. */
export function experienceReads(deps: QueryApiDeps) {
  const readModels = new ReadModels(deps.db);
  const experiences = () => readModels.collection<ExperienceDocument>('experiences', EXPERIENCE_COLLECTIONS.experiences);

  /** The insights page: approved experiences, filtered and sorted as asked. */
  async function listing(query: ExperiencesListQuery) {
    return findListed(await experiences(), listFilter(query), { sort: SORTS[query.sort], page: pageOf(query, LIMITS.experiencesPerPage), projection: EXPERIENCE_REPLY_PROJECTION });
  }

  /** The management list: newest first, searched and by status. */
  async function managed(query: ManageExperiencesQuery) {
    return findListed(await experiences(), manageFilter(query), { sort: SORTS.dateDesc, page: pageOf(query, LIMITS.experiencesPerPage), projection: EXPERIENCE_REPLY_PROJECTION });
  }

  async function experienceCount(): Promise<number> {
    const counters = await (await readModels.collection<ExperienceStatsDocument>('experiences', EXPERIENCE_COLLECTIONS.stats)).findOne({ _id: EXPERIENCE_STATS_ID });
    return counters?.total ?? 0;
  }

  return { listing, managed, experienceCount };
}
