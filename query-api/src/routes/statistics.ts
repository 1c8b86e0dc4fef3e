import type { Response } from 'express';
import type { Filter } from 'mongodb';
import {
  headlineOf,
  placementHeadlineSchema,
  placementStatistics,
  placementStatisticsSchema,
  statisticsQuerySchema,
  type OfferFact,
  type StatisticsFacts,
} from '@placement/domain';
import {
  ReadModels,
  STATISTICS_COLLECTIONS,
  type DepartureDocument,
  type OfferFactDocument,
  type PopulationDocument,
  type RouteSpec,
  type StatisticsDayDocument,
} from '@placement/platform';
import type { z } from 'zod';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';

/**
 * Placement statistics (issue 16 part 4) from the statistics read model's dated facts: only the
 * facts dated up to the day asked are read (each collection indexed by day), and the domain's
 * placementStatistics folds them; the log is never replayed per request. Answers are kept by the
 * statistics projection's position (answer-cache.ts): until it moves, a repeated day, or the public
 * page's headline, costs no query.
 */
export function statisticsRoutes(deps: QueryApiDeps): RouteSpec[] {
  const readModels = new ReadModels(deps.db);
  const caching = answerCachingOf(deps);
  const collection = <Document extends { _id: string }>(name: string) => readModels.collection<Document>('statistics', name);

  async function factsUpTo(asOf: string | null): Promise<StatisticsFacts> {
    const upTo = asOf === null ? {} : { day: { $lte: asOf } };
    const [offers, population, departures, days] = await Promise.all([
      collection<OfferFactDocument>(STATISTICS_COLLECTIONS.offerFacts).then((facts) => facts.find(upTo as Filter<OfferFactDocument>, { projection: { _id: 0, _v: 0, day: 0 } }).toArray()),
      collection<PopulationDocument>(STATISTICS_COLLECTIONS.population).then((moves) => moves.find(upTo).toArray()),
      collection<DepartureDocument>(STATISTICS_COLLECTIONS.departures).then((gone) => gone.find(upTo).toArray()),
      collection<StatisticsDayDocument>(STATISTICS_COLLECTIONS.days).then((perDay) => perDay.find(asOf === null ? {} : { _id: { $lte: asOf } }).toArray()),
    ]);
    return {
      offers: offers as unknown as OfferFact[],
      population: [
        ...population.map(({ day, degree, school, passingYear, change }) => ({ day, group: { degree, school, passingYear }, change })),
        ...departures.flatMap(({ day, group }) => (group ? [{ day, group, change: -1 }] : [])),
      ],
      applications: days.map(({ _id, applications }) => ({ day: _id, applications })),
    };
  }

  async function statistics(res: Response) {
    const { asOf } = res.locals.query as z.output<typeof statisticsQuerySchema>;
    res.json(placementStatistics(await factsUpTo(asOf ?? null), asOf ?? null));
  }

  async function headline(res: Response) {
    res.json(headlineOf(placementStatistics(await factsUpTo(null), null)));
  }

  return [
    {
      method: 'get',
      paths: ['/api/admin/statistics'],
      action: 'statistics.read',
      summary:
        "Placement statistics at the end of a day (asOf, YYYY-MM-DD, UTC; the season to date without it), as they stood that day: placed students and placement rate by degree, school and passing year, offers per company, highest/median/average CTC, applications and offers per week",
      tags: ['statistics'],
      before: [consistentWith(deps, ['statistics'])],
      query: statisticsQuerySchema,
      responds: { status: 200, description: 'The figures', schema: placementStatisticsSchema },
      handler: cachedByPosition(caching, 'statistics.read', { projections: ['statistics'], identity: 'everyone' }, (_req, res) => statistics(res)),
    },
    {
      method: 'get',
      paths: ['/api/statistics/headline'],
      action: 'statistics.headline',
      summary: "The season's headline figures for the public placements page: placed students, placement rate, highest and median CTC, companies that made offers",
      tags: ['statistics'],
      responds: { status: 200, description: 'The headline figures', schema: placementHeadlineSchema },
      handler: cachedByPosition(caching, 'statistics.headline', { projections: ['statistics'], identity: 'everyone' }, (_req, res) => headline(res)),
    },
  ];
}
