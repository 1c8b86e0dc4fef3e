import type { Filter } from 'mongodb';
import { ReadModels, TRAINING_COLLECTIONS, TRAINING_STATS_ID, type TrainingDocument, type TrainingStatsDocument } from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { booleanFlag, DEFAULT_PAGE_SIZE, findListed, pageOf, pagingQuery, sortOrderQuery } from '../lists';

/** The trainings' read side: the query string it accepts, its filter and its reads of the read models. */

export const trainingsListQuery = z.object({
  /** Only trainings dated now or later (the dashboard's upcoming list). */
  upcoming: booleanFlag(),
  /** By date, earliest first (asc, the default) or latest first (desc: the admin's pages open on the newest). */
  order: sortOrderQuery,
  ...pagingQuery,
});
export type TrainingsListQuery = z.output<typeof trainingsListQuery>;

/** The reads of the trainings' read models. */
export function trainingReads(deps: QueryApiDeps) {
  const readModels = new ReadModels(deps.db);
  const trainings = () => readModels.collection<TrainingDocument>('trainings', TRAINING_COLLECTIONS.trainings);
  /** Dated now or later: dates are UTC ISO strings, which compare in time order. */
  const upcomingFilter = (): Filter<TrainingDocument> => ({ date: { $gte: deps.now().toISOString() } });

  /** Trainings by date, earliest first unless asked otherwise (the upcoming ones only when asked). */
  async function listing(query: TrainingsListQuery) {
    const direction = query.order === 'desc' ? -1 : 1;
    return findListed(await trainings(), query.upcoming ? upcomingFilter() : {}, {
      sort: { date: direction, _id: direction },
      page: pageOf(query, DEFAULT_PAGE_SIZE),
    });
  }

  /** All trainings (the counter) and those dated now or later. */
  async function trainingCounts() {
    const counters = await (await readModels.collection<TrainingStatsDocument>('trainings', TRAINING_COLLECTIONS.stats)).findOne({ _id: TRAINING_STATS_ID });
    return { total: counters?.total ?? 0, upcoming: await (await trainings()).countDocuments(upcomingFilter()) };
  }

  return { listing, trainingCounts };
}
