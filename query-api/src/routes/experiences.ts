import type { Response } from 'express';
import type { Filter, Sort } from 'mongodb';
import { EXPERIENCE_SORTS, EXPERIENCE_STATUSES, experienceListSchema, experienceStatsSchema, LIMITS, type ExperienceSort } from '@placement/domain';
import {
  EXPERIENCE_COLLECTIONS,
  EXPERIENCE_INTERNAL_FIELDS,
  EXPERIENCE_STATS_ID,
  LISTED_EXPERIENCES,
  ReadModels,
  type ExperienceDocument,
  type ExperienceStatsDocument,
  type RouteSpec,
} from '@placement/platform';
import { z } from 'zod';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { anyFieldContaining, containing, findListed, optionalText, pageOf, pagingQuery, sendList, withoutFields, type Page } from '../lists';

export const experiencesListQuery = z.object({
  /** Case-insensitive substring of the company name. */
  company: optionalText(),
  /** Case-insensitive substring of the role. */
  role: optionalText(),
  sort: z.enum(EXPERIENCE_SORTS).default('dateDesc'),
  ...pagingQuery,
});
type ExperiencesListQuery = z.output<typeof experiencesListQuery>;

export const manageExperiencesQuery = z.object({
  /** Case-insensitive substring of the company, the role or the author. */
  search: optionalText(),
  /** Only those held for review (pending) or only those listed (approved); both when absent. */
  status: z.enum(EXPERIENCE_STATUSES).optional(),
  ...pagingQuery,
});
type ManageExperiencesQuery = z.output<typeof manageExperiencesQuery>;

/** Each sort of the insights page; ties fall to the newest, then the id, so pages never overlap. */
const SORTS: Record<ExperienceSort, Sort> = {
  dateDesc: { postedDate: -1, _id: -1 },
  dateAsc: { postedDate: 1, _id: 1 },
  companyAsc: { 'sort.companyName': 1, postedDate: -1, _id: -1 },
  companyDesc: { 'sort.companyName': -1, postedDate: -1, _id: -1 },
};

/** An experience projected before moderation existed has no status: it was listed, so it is approved. */
export const experienceView = (experience: ExperienceDocument) => ({ ...withoutFields(experience, EXPERIENCE_INTERNAL_FIELDS), status: experience.status ?? 'approved', id: experience._id });

/** Students and visitors see approved experiences only: one held for review is not listed. */
function listFilter(query: ExperiencesListQuery): Filter<ExperienceDocument> {
  const filter: Filter<ExperienceDocument> = { ...LISTED_EXPERIENCES };
  if (query.company) filter['lower.companyName'] = containing(query.company);
  if (query.role) filter['lower.role'] = containing(query.role);
  return filter;
}

function manageFilter(query: ManageExperiencesQuery): Filter<ExperienceDocument> {
  const search: Filter<ExperienceDocument> = query.search ? anyFieldContaining(['lower.companyName', 'lower.role', 'lower.author'], query.search) : {};
  if (query.status === 'pending') return { ...search, status: 'pending' };
  if (query.status === 'approved') return { ...search, ...LISTED_EXPERIENCES };
  return search;
}

export function experienceRoutes(deps: QueryApiDeps): RouteSpec[] {
  const readModels = new ReadModels(deps.db);
  const experiences = () => readModels.collection<ExperienceDocument>('experiences', EXPERIENCE_COLLECTIONS.experiences);
  const consistent = consistentWith(deps, ['experiences']);
  const caching = answerCachingOf(deps);

  async function sendExperiences(res: Response, filter: Filter<ExperienceDocument>, sort: Sort, page: Page | null) {
    const { items, total } = await findListed(await experiences(), filter, { sort, page });
    sendList(res, items.map(experienceView), total);
  }

  async function stats(res: Response) {
    const counters = await (await readModels.collection<ExperienceStatsDocument>('experiences', EXPERIENCE_COLLECTIONS.stats)).findOne({ _id: EXPERIENCE_STATS_ID });
    res.json({ totalExperiences: counters?.total ?? 0 });
  }

  return [
    {
      method: 'get',
      paths: ['/api/interview-experiences'],
      action: 'experiences.list',
      summary: `Approved interview experiences (those held for review are not listed): company and role filters (case-insensitive substrings), sorts dateDesc (default), dateAsc, companyAsc, companyDesc; ${LIMITS.experiencesPerPage} per page when page is given, else all (X-Total-Count: all matches)`,
      tags: ['interview experiences'],
      before: [consistent],
      query: experiencesListQuery,
      responds: { status: 200, description: 'A bare array of experiences', schema: experienceListSchema },
      handler: cachedByPosition(caching, 'experiences.list', { projections: ['experiences'], identity: 'everyone' }, (_req, res) => {
        const query = res.locals.query as ExperiencesListQuery;
        return sendExperiences(res, listFilter(query), SORTS[query.sort], pageOf(query, LIMITS.experiencesPerPage));
      }),
    },
    {
      method: 'get',
      paths: ['/api/interview-experiences/manage'],
      action: 'experiences.manage',
      summary: 'Interview experiences for management, newest first, each with its status (pending: held for review); search matches company, role or author (case-insensitive substring), status picks pending or approved ones; all unless page or limit is given (X-Total-Count: all matches)',
      tags: ['interview experiences'],
      before: [consistent],
      query: manageExperiencesQuery,
      responds: { status: 200, description: 'A bare array of experiences', schema: experienceListSchema },
      handler: cachedByPosition(caching, 'experiences.manage', { projections: ['experiences'], identity: 'everyone' }, (_req, res) => {
        const query = res.locals.query as ManageExperiencesQuery;
        return sendExperiences(res, manageFilter(query), SORTS.dateDesc, pageOf(query, LIMITS.experiencesPerPage));
      }),
    },
    {
      method: 'get',
      paths: ['/api/interview-experiences/stats'],
      action: 'experiences.stats',
      summary: 'Interview experience statistics',
      tags: ['interview experiences', 'statistics'],
      before: [consistent],
      responds: { status: 200, description: 'The dashboard figure', schema: experienceStatsSchema },
      handler: cachedByPosition(caching, 'experiences.stats', { projections: ['experiences'], identity: 'everyone' }, (_req, res) => stats(res)),
    },
  ];
}
