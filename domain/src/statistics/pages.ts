import type { DailyApplications, OfferFact, PopulationChange, StatisticsFacts, StudentGroup } from './placement';

/**
 * The statistics' dated facts filed by the log position of their event (the statistics projection's
 * pages): a page holds the facts of the events in one span of positions, each under its event id, so
 * a reader that holds the facts up to a position reads only the pages from that position's on, each
 * by `_id`, and never the whole season again. The facts are the ones `placementStatistics` folds; which
 * day they count for is still their own date, so a fact dated earlier than facts already read (a
 * backdated offer, say) counts for its day whichever page it sits in.
 */

/** Positions per page. */
export const STATISTICS_PAGE_SPAN = 256;

/** The `_id` of the page that holds the facts of the event at `position`. */
export const statisticsPageOf = (position: number): string => String(Math.floor(position / STATISTICS_PAGE_SPAN));

/** The page number of a page `_id`. */
export const statisticsPageNumber = (id: string): number => Number(id);

/** An offer fact as a page keeps it: the acceptance's group is in `groups`, under the same event id. */
export type PagedOfferFact = { [Kind in OfferFact['kind']]: Omit<Extract<OfferFact, { kind: Kind }>, 'group'> }[OfferFact['kind']];

/** One page's facts (fields absent where no event of the span had any). */
export interface StatisticsPage {
  /** Offer facts by event id. */
  offers?: Record<string, PagedOfferFact>;
  /** The group an acceptance recorded (copied from the students' lookup), by the acceptance's event id; null when the student had no profile. */
  groups?: Record<string, StudentGroup | null>;
  /** The population's moves of a profile save, by its event id. */
  moves?: Record<string, PopulationChange[]>;
  /** Deleted students, by the deletion's event id: the day. */
  departures?: Record<string, { day: string }>;
  /** The group a deleted student was in (null: never saved a profile), by the deletion's event id. */
  departureGroups?: Record<string, StudentGroup | null>;
  /** Applications submitted, by day. */
  applications?: Record<string, number>;
}

const byTime = (left: { time: number; fact: OfferFact }, right: { time: number; fact: OfferFact }): number => left.time - right.time || left.fact.seq - right.fact.seq;

/** The facts of a set of pages (in page order), offers in time order (then log order). */
export function factsOfPages(pages: Iterable<StatisticsPage>): StatisticsFacts {
  const offers: { time: number; fact: OfferFact }[] = [];
  const population: PopulationChange[] = [];
  const applications = new Map<string, number>();
  for (const page of pages) {
    for (const [eventId, paged] of Object.entries(page.offers ?? {})) {
      const fact = (paged.kind === 'accepted' ? { ...paged, group: page.groups?.[eventId] ?? null } : { ...paged }) as OfferFact;
      offers.push({ time: Date.parse(fact.at), fact });
    }
    for (const moves of Object.values(page.moves ?? {})) population.push(...moves);
    for (const [eventId, { day }] of Object.entries(page.departures ?? {})) {
      const group = page.departureGroups?.[eventId] ?? null;
      if (group) population.push({ day, group, change: -1 });
    }
    for (const [day, count] of Object.entries(page.applications ?? {})) applications.set(day, (applications.get(day) ?? 0) + count);
  }
  const perDay: DailyApplications[] = [...applications].sort(([left], [right]) => left.localeCompare(right)).map(([day, count]) => ({ day, applications: count }));
  return { offers: offers.sort(byTime).map(({ fact }) => fact), population, applications: perDay };
}
