import { experienceListSchema, experienceStatsSchema, LIMITS } from '@placement/domain';
import type { RouteSpec } from '@placement/platform';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { sendList } from '../lists';
import { experienceReads, experiencesListQuery, manageExperiencesQuery, type ExperiencesListQuery, type ManageExperiencesQuery } from './queries';
import { experienceView } from './views';

/** The interview experiences' query routes: reads from ./queries, replies from ./views, contracts from the domain. */
export function experienceRoutes(deps: QueryApiDeps): RouteSpec[] {
  const reads = experienceReads(deps);
  const consistent = consistentWith(deps, ['experiences']);
  const caching = answerCachingOf(deps);

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
      handler: cachedByPosition(caching, 'experiences.list', { projections: ['experiences'], identity: 'everyone' }, async (_req, res) => {
        const { items, total } = await reads.listing(res.locals.query as ExperiencesListQuery);
        sendList(res, items.map(experienceView), total);
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
      handler: cachedByPosition(caching, 'experiences.manage', { projections: ['experiences'], identity: 'everyone' }, async (_req, res) => {
        const { items, total } = await reads.managed(res.locals.query as ManageExperiencesQuery);
        sendList(res, items.map(experienceView), total);
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
      handler: cachedByPosition(caching, 'experiences.stats', { projections: ['experiences'], identity: 'everyone' }, async (_req, res) => {
        res.json({ totalExperiences: await reads.experienceCount() });
      }),
    },
  ];
}
