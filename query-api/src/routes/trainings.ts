import type { Response } from 'express';
import type { Filter } from 'mongodb';
import { trainingListSchema, trainingStatsSchema } from '@placement/domain';
import { ReadModels, TRAINING_COLLECTIONS, TRAINING_STATS_ID, type RouteSpec, type TrainingDocument, type TrainingStatsDocument } from '@placement/platform';
import { z } from 'zod';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { booleanFlag, DEFAULT_PAGE_SIZE, findListed, pageOf, pagingQuery, sendList, withoutFields } from '../lists';

export const trainingsListQuery = z.object({
  /** Only trainings dated now or later (the dashboard's upcoming list). */
  upcoming: booleanFlag(),
  ...pagingQuery,
});
type TrainingsListQuery = z.output<typeof trainingsListQuery>;


export const trainingView = (training: TrainingDocument) => ({ ...withoutFields(training, ['_v']), id: training._id });


export function trainingRoutes(deps: QueryApiDeps): RouteSpec[] {
  const readModels = new ReadModels(deps.db);
  const trainings = () => readModels.collection<TrainingDocument>('trainings', TRAINING_COLLECTIONS.trainings);
  const consistent = consistentWith(deps, ['trainings']);
  const caching = answerCachingOf(deps);
  /** Dated now or later: dates are UTC ISO strings, which compare in time order. */
  const upcomingFilter = (): Filter<TrainingDocument> => ({ date: { $gte: deps.now().toISOString() } });

  async function list(res: Response) {
    const query = res.locals.query as TrainingsListQuery;
    const { items, total } = await findListed(await trainings(), query.upcoming ? upcomingFilter() : {}, {
      sort: { date: 1, _id: 1 },
      page: pageOf(query, DEFAULT_PAGE_SIZE),
    });
    sendList(res, items.map(trainingView), total);
  }

  async function stats(res: Response) {
    const counters = await (await readModels.collection<TrainingStatsDocument>('trainings', TRAINING_COLLECTIONS.stats)).findOne({ _id: TRAINING_STATS_ID });
    res.json({ totalTrainings: counters?.total ?? 0, upcomingTrainings: await (await trainings()).countDocuments(upcomingFilter()) });
  }

  return [
    {
      method: 'get',
      paths: ['/api/trainings'],
      action: 'trainings.list',
      summary: 'Trainings by date, earliest first; upcoming=true keeps those dated now or later; the whole list unless page or limit is given (X-Total-Count: all matches)',
      tags: ['trainings'],
      before: [consistent],
      query: trainingsListQuery,
      responds: { status: 200, description: 'A bare array of trainings', schema: trainingListSchema },
      // 'upcoming' moves with the clock, not with the events: that list is not cached.
      handler: cachedByPosition(
        caching,
        'trainings.list',
        { projections: ['trainings'], identity: 'everyone', clock: (_req, res) => ((res.locals.query as TrainingsListQuery).upcoming ? null : '') },
        (_req, res) => list(res),
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
      handler: (_req, res) => stats(res),
    },
  ];
}
