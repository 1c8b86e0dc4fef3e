import type { OfferFact, StudentGroup } from '@placement/domain';

/**
 * The statistics projection's collections (issue 16 part 4): dated facts and per-day counters from
 * which the query side computes the placement statistics as they stood at the end of any day.
 */
export const STATISTICS_COLLECTIONS = {
  /** One document per offer event (extended, accepted, declined, withdrawn); `_id` is the event id. */
  offerFacts: 'statistics_offer_facts',
  /** The eligible population's moves per day and group: `change` students entered (or left, when negative). */
  population: 'statistics_population',
  /** Students who left the population when their account was deleted, with the group they were in. */
  departures: 'statistics_departures',
  /** Applications submitted per day; `_id` is the day. */
  days: 'statistics_days',
  /** Lookup: each student's current group, copied into acceptances and departures. */
  students: 'statistics_students',
  /**
   * The same facts again, filed by the log position of their event: one document per span of
   * positions (`_id` the span's number), so that a reader holding the facts up to a position reads
   * only the spans after it, each by `_id` (FerretDB pushes down equality, nothing else).
   */
  pages: 'statistics_pages',
} as const;

/** An offer fact as stored: the domain's fact, with the day it falls on. */
export type OfferFactDocument = OfferFact & { _id: string; day: string };

export interface PopulationDocument extends StudentGroup {
  _id: string;
  day: string;
  change: number;
}

export interface DepartureDocument {
  _id: string;
  day: string;
  /** Null for a student who never saved a profile (who was never in the population). */
  group: StudentGroup | null;
}

export interface StatisticsDayDocument {
  _id: string;
  applications: number;
}

export interface StatisticsStudentDocument extends StudentGroup {
  _id: string;
}

export const STUDENT_GROUP_FIELDS = ['degree', 'school', 'passingYear'] as const satisfies readonly (keyof StudentGroup)[];
