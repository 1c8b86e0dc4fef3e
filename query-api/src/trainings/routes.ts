import { trainingListSchema, trainingStatsSchema } from '@placement/domain';
import type { RouteSpec } from '@placement/platform';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { sendList } from '../lists';
import { trainingReads, trainingsListQuery, type TrainingsListQuery } from './queries';
import { trainingStatsReply, trainingView } from './views';

/** The trainings' query routes: reads from ./queries, replies from ./views, contracts from the domain. */
export function trainingRoutes(deps: QueryApiDeps): RouteSpec[] {
  const reads = trainingReads(deps);
  const consistent = consistentWith(deps, ['trainings']);
  const caching = answerCachingOf(deps);

  return [
    {
      method: 'get',
      paths: ['/api/trainings'],
      action: 'trainings.list',
      summary: 'Trainings by date, earliest first (order=desc: latest first); upcoming=true keeps those dated now or later; the whole list unless page or limit is given (X-Total-Count: all matches)',
      tags: ['trainings'],
      before: [consistent],
      query: trainingsListQuery,
      responds: { status: 200, description: 'A bare array of trainings', schema: trainingListSchema },
      // 'upcoming' moves with the clock, not with the events: that list is not cached.
      handler: cachedByPosition(
        caching,
        'trainings.list',
        { projections: ['trainings'], identity: 'everyone', clock: (_req, res) => ((res.locals.query as TrainingsListQuery).upcoming ? null : '') },
        async (_req, res) => {
          const { items, total } = await reads.listing(res.locals.query as TrainingsListQuery);
          sendList(res, items.map(trainingView), total);
        },
      ),
    },
    {
      method: 'get',
      paths: ['/api/trainings/stats'],
      action: 'trainings.stats',
      summary: 'Training statistics: all trainings, and those dated now or later',
      tags: ['trainings', 'statistics'],
      before: [consistent],
      responds: { status: 200, description: 'The dashboard figures', schema: trainingStatsSchema },
      handler: async (_req, res) => {
        res.json(trainingStatsReply(await reads.trainingCounts()));
      },
    },
  ];
}
