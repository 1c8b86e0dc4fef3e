import { degreeKeyOf } from '../jobs/eligibility';
import type { StudentProfileFields } from '../users/profile';

/**
 * Placement statistics as they stood at the end of a day (issue 16 part 4), from dated facts the
 * statistics projection keeps: offers (extended, accepted, declined, withdrawn), the eligible
 * population's changes per day and group, and applications submitted per day. Pure: the same facts
 * give the same figures, and figures 'as of' a day read only the facts dated up to that day's end
 * (UTC), so a later acceptance or withdrawal never shows in an earlier day's figures.
 */

/** What the breakdowns group students by: the course's degree and passing year (masters if any, else graduation) and the school (the profile's branch). */
export interface StudentGroup {
  degree: string;
  school: string;
  passingYear: string;
}

/** The group of a saved profile; '' where the profile leaves it blank. */
export function studentGroupOf(profile: Pick<StudentProfileFields, 'education' | 'school'>): StudentGroup {
  const { graduation, masters } = profile.education;
  const course = masters.degree.trim() !== '' ? masters : graduation;
  return { degree: course.degree.trim(), school: profile.school, passingYear: course.passingYear.trim() };
}

export const sameGroup = (left: StudentGroup | null, right: StudentGroup | null): boolean =>
  left === right || (left !== null && right !== null && degreeKeyOf(left.degree) === degreeKeyOf(right.degree) && left.school === right.school && left.passingYear === right.passingYear);

/** One event of an offer's life, dated; `seq` (the event's log position) orders facts of the same instant. */
export type OfferFact =
  | { kind: 'extended'; at: string; seq: number; applicationId: string; studentId: string; companyName: string; tier: string; ctc: number | null; stipend: number | null }
  | { kind: 'accepted'; at: string; seq: number; applicationId: string; studentId: string; companyName: string; tier: string; ctc: number | null; stipend: number | null; group: StudentGroup | null }
  | { kind: 'declined'; at: string; seq: number; applicationId: string; studentId: string }
  | { kind: 'withdrawn'; at: string; seq: number; applicationId: string; studentId: string };

/** Students entering (+1) or leaving (-1) the eligible population of a group on a day (YYYY-MM-DD, UTC). */
export interface PopulationChange {
  day: string;
  group: StudentGroup;
  change: number;
}

/** Applications submitted on a day (YYYY-MM-DD, UTC). */
export interface DailyApplications {
  day: string;
  applications: number;
}

export interface StatisticsFacts {
  offers: readonly OfferFact[];
  population: readonly PopulationChange[];
  applications: readonly DailyApplications[];
}

export interface GroupRow {
  /** The degree, school or passing year; '' for students whose profile leaves it blank. */
  key: string;
  students: number;
  placed: number;
  /** Placed as a percentage of the group's students, one decimal; null for a group without students. */
  rate: number | null;
}

export interface CompanyRow {
  companyName: string;
  /** Offers extended and not withdrawn as of the day. */
  offers: number;
  /** Of those, accepted and not withdrawn. */
  accepted: number;
}

export interface CtcFigures {
  /** Offers counted (live offers with a CTC). */
  offers: number;
  highest: number | null;
  median: number | null;
  average: number | null;
}

export interface WeekRow {
  /** The Monday the week starts (YYYY-MM-DD, UTC). */
  weekStart: string;
  applications: number;
  offers: number;
  accepted: number;
}

export interface PlacementStatistics {
  /** The day the figures stand at (its end, UTC); null for the whole season to date. */
  asOf: string | null;
  /** The eligible population: students with a saved profile. */
  students: number;
  placedStudents: number;
  placementRate: number | null;
  /** Offers extended and not withdrawn. */
  offers: number;
  /** Offers accepted and not withdrawn. */
  acceptedOffers: number;
  /** Companies with at least one live offer. */
  companies: number;
  ctc: CtcFigures;
  byDegree: GroupRow[];
  bySchool: GroupRow[];
  byPassingYear: GroupRow[];
  offersByCompany: CompanyRow[];
  weekly: WeekRow[];
}

/** The headline figures a placement cell publishes. */
export interface PlacementHeadline {
  asOf: string | null;
  placedStudents: number;
  placementRate: number | null;
  highestCtc: number | null;
  medianCtc: number | null;
  companies: number;
}

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The day (UTC) of an ISO instant. */
export const dayOf = (instant: string): string => new Date(instant).toISOString().slice(0, 10);

/** The last millisecond of a day (UTC), as a time value. */
const endOfDay = (day: string): number => Date.parse(`${day}T23:59:59.999Z`);

/** The Monday (UTC) of the week a day falls in. */
export function weekStartOf(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

const nextWeek = (weekStart: string): string => {
  const date = new Date(`${weekStart}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 7);
  return date.toISOString().slice(0, 10);
};

const round1 = (value: number): number => Math.round(value * 10) / 10;
const rateOf = (placed: number, students: number): number | null => (students > 0 ? round1((placed / students) * 100) : null);

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function ctcFigures(ctcs: readonly number[]): CtcFigures {
  if (ctcs.length === 0) return { offers: 0, highest: null, median: null, average: null };
  return { offers: ctcs.length, highest: Math.max(...ctcs), median: median(ctcs), average: Math.round(ctcs.reduce((sum, ctc) => sum + ctc, 0) / ctcs.length) };
}

interface LiveOffer {
  companyName: string;
  ctc: number | null;
  accepted: { studentId: string; group: StudentGroup | null } | null;
}

/** The offers that stand at the end of the facts given (in order): extended and not withdrawn, with their acceptance. */
function liveOffers(facts: readonly OfferFact[]): Map<string, LiveOffer> {
  const offers = new Map<string, LiveOffer>();
  for (const fact of facts) {
    const offer = offers.get(fact.applicationId);
    switch (fact.kind) {
      case 'extended':
        offers.set(fact.applicationId, { companyName: fact.companyName, ctc: fact.ctc, accepted: null });
        break;
      case 'accepted':
        if (offer) offer.accepted = { studentId: fact.studentId, group: fact.group };
        break;
      case 'declined':
        if (offer) offer.accepted = null;
        break;
      case 'withdrawn':
        offers.delete(fact.applicationId);
        break;
    }
  }
  return offers;
}

type GroupField = keyof StudentGroup;

/** Groups of one field: degrees without case, spaces or dots ('B.Tech' and 'btech' are one), labelled as first seen. */
function groupRows(field: GroupField, population: ReadonlyMap<string, { group: StudentGroup; students: number }>, placed: ReadonlyMap<string, StudentGroup | null>): GroupRow[] {
  const keyOf = (group: StudentGroup): string => (field === 'degree' ? degreeKeyOf(group.degree) : group[field]);
  const rows = new Map<string, GroupRow>();
  const rowOf = (group: StudentGroup): GroupRow => {
    const key = keyOf(group);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key: group[field], students: 0, placed: 0, rate: null }));
    return row;
  };
  for (const { group, students } of population.values()) rowOf(group).students += students;
  for (const group of placed.values()) rowOf(group ?? { degree: '', school: '', passingYear: '' }).placed += 1;
  return [...rows.values()]
    .filter((row) => row.students !== 0 || row.placed !== 0)
    .map((row) => ({ ...row, rate: rateOf(row.placed, row.students) }))
    .sort((left, right) => left.key.localeCompare(right.key));
}

function populationByGroup(changes: readonly PopulationChange[]): Map<string, { group: StudentGroup; students: number }> {
  const groups = new Map<string, { group: StudentGroup; students: number }>();
  for (const { group, change } of changes) {
    const key = `${degreeKeyOf(group.degree)}\u0000${group.school}\u0000${group.passingYear}`;
    const entry = groups.get(key) ?? { group, students: 0 };
    entry.students += change;
    groups.set(key, entry);
  }
  return groups;
}

function weeklyRows(applications: readonly DailyApplications[], offers: readonly OfferFact[], asOf: string | null): WeekRow[] {
  const weeks = new Map<string, WeekRow>();
  const weekStarts = new Map<string, string>();
  const rowOf = (day: string): WeekRow => {
    let weekStart = weekStarts.get(day);
    if (weekStart === undefined) weekStarts.set(day, (weekStart = weekStartOf(day)));
    let row = weeks.get(weekStart);
    if (!row) weeks.set(weekStart, (row = { weekStart, applications: 0, offers: 0, accepted: 0 }));
    return row;
  };
  for (const { day, applications: count } of applications) rowOf(day).applications += count;
  for (const fact of offers) {
    if (fact.kind === 'extended') rowOf(instantOf(fact).day).offers += 1;
    if (fact.kind === 'accepted') rowOf(instantOf(fact).day).accepted += 1;
  }
  if (weeks.size === 0) return [];
  // Every week from the first with anything to the one asked for (or the last with anything), empty ones included.
  const starts = [...weeks.keys()].sort();
  const last = asOf === null ? starts[starts.length - 1]! : weekStartOf(asOf);
  const rows: WeekRow[] = [];
  for (let week = starts[0]!; week <= last; week = nextWeek(week)) rows.push(weeks.get(week) ?? { weekStart: week, applications: 0, offers: 0, accepted: 0 });
  return rows;
}

/**
 * A fact's time value and UTC day, worked out once per fact object: the query side keeps the season's
 * facts in memory and folds them again for each day asked, and parsing dates was most of that fold.
 */
const instants = new WeakMap<OfferFact, { time: number; day: string }>();
function instantOf(fact: OfferFact): { time: number; day: string } {
  let instant = instants.get(fact);
  if (!instant) instants.set(fact, (instant = { time: Date.parse(fact.at), day: dayOf(fact.at) }));
  return instant;
}

const byTime = (left: OfferFact, right: OfferFact): number => instantOf(left).time - instantOf(right).time || left.seq - right.seq;

/**
 * The season's figures at the end of `asOf` (YYYY-MM-DD, UTC), or at the end of the facts when null.
 * Facts dated later are left out here too, so callers may pass more than the day needs.
 * Placed: a student holding at least one accepted offer that was not withdrawn (declining after
 * accepting also ends it); the student counts in the group recorded with the latest such acceptance.
 * The rate's population is every student with a saved profile, by the group the profile gave that day.
 * CTC figures: live offers (extended, not withdrawn) that carry a CTC, accepted or not.
 */
export function placementStatistics(facts: StatisticsFacts, asOf: string | null): PlacementStatistics {
  const cutoff = asOf === null ? Number.POSITIVE_INFINITY : endOfDay(asOf);
  const offerFacts = facts.offers.filter((fact) => instantOf(fact).time <= cutoff).sort(byTime);
  const population = facts.population.filter((change) => asOf === null || change.day <= asOf);
  const applications = facts.applications.filter((day) => asOf === null || day.day <= asOf);

  const offers = liveOffers(offerFacts);
  const placed = new Map<string, StudentGroup | null>();
  const companies = new Map<string, CompanyRow>();
  for (const offer of offers.values()) {
    const company = companies.get(offer.companyName) ?? { companyName: offer.companyName, offers: 0, accepted: 0 };
    company.offers += 1;
    if (offer.accepted) {
      company.accepted += 1;
      placed.set(offer.accepted.studentId, offer.accepted.group);
    }
    companies.set(offer.companyName, company);
  }
  const groups = populationByGroup(population);
  const students = [...groups.values()].reduce((sum, entry) => sum + entry.students, 0);
  const live = [...offers.values()];

  return {
    asOf,
    students,
    placedStudents: placed.size,
    placementRate: rateOf(placed.size, students),
    offers: live.length,
    acceptedOffers: live.filter((offer) => offer.accepted !== null).length,
    companies: companies.size,
    ctc: ctcFigures(live.flatMap((offer) => (offer.ctc === null ? [] : [offer.ctc]))),
    byDegree: groupRows('degree', groups, placed),
    bySchool: groupRows('school', groups, placed),
    byPassingYear: groupRows('passingYear', groups, placed),
    offersByCompany: [...companies.values()].sort((left, right) => right.offers - left.offers || left.companyName.localeCompare(right.companyName)),
    weekly: weeklyRows(applications, offerFacts, asOf),
  };
}

export const headlineOf = (statistics: PlacementStatistics): PlacementHeadline => ({
  asOf: statistics.asOf,
  placedStudents: statistics.placedStudents,
  placementRate: statistics.placementRate,
  highestCtc: statistics.ctc.highest,
  medianCtc: statistics.ctc.median,
  companies: statistics.companies,
});
