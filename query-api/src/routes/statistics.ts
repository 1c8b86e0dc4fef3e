import type { Response } from 'express';
import type { Db, Filter } from 'mongodb';
import {
  factsOfPages,
  headlineOf,
  placementHeadlineSchema,
  placementStatistics,
  placementStatisticsSchema,
  statisticsPageNumber,
  statisticsPageOf,
  statisticsQuerySchema,
  type OfferFact,
  type StatisticsFacts,
  type StatisticsPage,
} from '@placement/domain';
import {
  CHECKPOINT_COLLECTION,
  collectionOf,
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

type PageDocument = StatisticsPage & { _id: string };

/** Past this many pages to catch up on, one read of the whole collection costs less than reads by `_id`. */
const MAX_PAGES_BY_ID = 32;

/**
 * The statistics projection's facts as far as its checkpoint, kept in memory and moved along by
 * reading only the pages (the facts filed by log position, see the domain's StatisticsPage) from the
 * position last read on: a checkpoint is saved only after the read model holds everything up to it,
 * so the pages from that position's on hold every fact since. The page of the position read last is
 * read again (it may have grown, or been rewritten by a replay of events past the checkpoint); a new
 * generation (a rebuild) starts from nothing.
 */
export class StatisticsFactsReader {
  private held: { generation: number; position: number; pages: Map<number, PageDocument>; facts: StatisticsFacts; complete: boolean } | undefined;
  private reading: { generation: number; position: number; facts: Promise<HeldFacts> } | undefined;

  constructor(private readonly db: Db) {}

  /**
   * The facts up to the statistics projection's checkpoint (or later), and whether the pages hold the
   * whole log (see pagesCoverTheLog). Concurrent callers share one read.
   */
  async facts(): Promise<HeldFacts> {
    const checkpoint = await this.db.collection<{ _id: string; position: number; generation?: number }>(CHECKPOINT_COLLECTION).findOne({ _id: 'statistics' });
    const generation = checkpoint?.generation ?? 0;
    const position = checkpoint?.position ?? 0;
    const held = this.held;
    if (held && held.generation === generation && held.position >= position) return held;
    // A read under way to this position or past it serves this caller too; one to an earlier position would not.
    const reading = this.reading;
    if (reading && reading.generation === generation && reading.position >= position) return reading.facts;
    const facts = this.read(generation, position).finally(() => {
      if (this.reading?.facts === facts) this.reading = undefined;
    });
    this.reading = { generation, position, facts };
    return facts;
  }

  private async read(generation: number, position: number): Promise<HeldFacts> {
    const pagesCollection = this.db.collection<PageDocument>(collectionOf(STATISTICS_COLLECTIONS.pages, generation));
    const held = this.held?.generation === generation ? this.held : undefined;
    const from = held ? statisticsPageNumber(statisticsPageOf(held.position)) : 0;
    const to = statisticsPageNumber(statisticsPageOf(position));
    const pages = new Map(held?.pages ?? []);
    if (!held || to - from + 1 > MAX_PAGES_BY_ID) {
      pages.clear();
      for (const page of await pagesCollection.find({}).toArray()) pages.set(statisticsPageNumber(page._id), page);
    } else {
      const numbers = Array.from({ length: to - from + 1 }, (_, index) => from + index);
      const read = await Promise.all(numbers.map((number) => pagesCollection.findOne({ _id: String(number) })));
      numbers.forEach((number, index) => (read[index] ? pages.set(number, read[index]) : pages.delete(number)));
    }
    const facts = factsOfPages([...pages].sort(([left], [right]) => left - right).map(([, page]) => page));
    const complete = held?.complete ?? (await this.pagesCoverTheLog(generation, position, facts));
    const read = { generation, position, pages, facts, complete };
    // Another read may have got further meanwhile: keep the furthest.
    if (!this.held || this.held.generation !== generation || this.held.position < position) this.held = read;
    return read;
  }

  /**
   * Whether the pages hold every event the read model applied, checked once per generation: a read model
   * built before the pages existed (then carried on by a projector that files pages) has pages only
   * from there on, and a rebuild (`npm run rebuild -- statistics`) completes them. Applications come
   * first in any season (an offer needs one), so the applications per day tell: every day's counter
   * whose last event is within the checkpoint must have all its applications on the pages (which may
   * hold more, of events past the checkpoint).
   */
  private async pagesCoverTheLog(generation: number, position: number, facts: StatisticsFacts): Promise<boolean> {
    const perDay = await this.db.collection<StatisticsDayDocument & { _v: number }>(collectionOf(STATISTICS_COLLECTIONS.days, generation)).find({}).toArray();
    const paged = new Map(facts.applications.map(({ day, applications }) => [day, applications]));
    return perDay.every((day) => day._v > position || (paged.get(day._id) ?? 0) >= day.applications);
  }
}

/** The facts a StatisticsFactsReader holds. */
export interface HeldFacts {
  facts: StatisticsFacts;
  /** False while the pages lack events from before they were filed: the dated facts answer until a rebuild. */
  complete: boolean;
}

/**
 * Placement statistics (issue 16 part 4) from the statistics read model's dated facts: the facts are
 * held in memory and moved along by the pages filed since the position last read (StatisticsFactsReader),
 * so a request reads the checkpoint and at most the newest pages, never the whole season; the domain's
 * placementStatistics folds the facts up to the day asked, so the figures are the ones that stood at
 * the end of that day whatever arrived later (a backdated fact counts for its own day). Answers are also
 * kept by the statistics projection's position (answer-cache.ts): until it moves, a repeated day, or
 * the public page's headline, costs no fold.
 */
export function statisticsRoutes(deps: QueryApiDeps): RouteSpec[] {
  const caching = answerCachingOf(deps);
  const reader = new StatisticsFactsReader(deps.db);
  // The season's facts are read once when the process starts rather than by the first request after it;
  // a request that comes meanwhile waits for this read. A failure here is the first request's to meet again.
  reader.facts().catch((error: unknown) => deps.logger.warn({ err: error }, 'the statistics facts could not be read at start'));
  const readModels = new ReadModels(deps.db);
  const collection = <Document extends { _id: string }>(name: string) => readModels.collection<Document>('statistics', name);
  let warned = false;

  /** The dated facts up to a day, as read before the pages (every fact up to the day: slow): for a read model built before them. */
  async function datedFactsUpTo(asOf: string | null): Promise<StatisticsFacts> {
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

  async function factsUpTo(asOf: string | null): Promise<StatisticsFacts> {
    const held = await reader.facts();
    if (held.complete) return held.facts;
    if (!warned) {
      warned = true;
      deps.logger.warn('the statistics pages lack events from before they were filed: answering from the dated facts (slow) until `npm run rebuild -- statistics`');
    }
    return datedFactsUpTo(asOf);
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
