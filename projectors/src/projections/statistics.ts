import {
  dayOf,
  type ApplicationEvent,
  degreeKeyOf,
  sameGroup,
  studentGroupOf,
  type ApplicationOfferEvent,
  type PlacementEvent,
  statisticsPageOf,
  type PagedOfferFact,
  type PopulationChange,
  type StudentGroup,
  type StudentProfile,
  type UserEvent,
} from '@placement/domain';
import { STATISTICS_COLLECTIONS, STUDENT_GROUP_FIELDS, type RecordedEvent } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { counterChange, eventsOfTypes } from './projection-helpers';

const { offerFacts: OFFER_FACTS, population: POPULATION, departures: DEPARTURES, days: DAYS, students: STUDENTS, pages: PAGES } = STATISTICS_COLLECTIONS;

type OfferEvent = ApplicationOfferEvent | PlacementEvent;
type Handled = OfferEvent | Extract<UserEvent, { type: 'StudentProfileUpdated' | 'UserDeleted' }> | Extract<ApplicationEvent, { type: 'ApplicationSubmitted' }>;

const isHandled = eventsOfTypes<Handled>(['OfferExtended', 'OfferWithdrawn', 'OfferAccepted', 'OfferDeclined', 'StudentProfileUpdated', 'UserDeleted', 'ApplicationSubmitted']);

/** An offer event as the dated fact the domain folds (the acceptance's group is copied in when written). */
function pagedFactOf(event: OfferEvent & RecordedEvent): PagedOfferFact {
  const base = { applicationId: event.data.applicationId, studentId: event.data.studentId, seq: event.position };
  switch (event.type) {
    case 'OfferExtended': {
      const { companyName, tier, ctc, stipend, extendedAt } = event.data;
      return { kind: 'extended', at: extendedAt, companyName, tier, ctc: ctc ?? null, stipend: stipend ?? null, ...base };
    }
    case 'OfferAccepted': {
      const { companyName, tier, ctc, stipend, acceptedAt } = event.data;
      return { kind: 'accepted', at: acceptedAt, companyName, tier, ctc: ctc ?? null, stipend: stipend ?? null, ...base };
    }
    case 'OfferDeclined':
      return { kind: 'declined', at: event.data.declinedAt, ...base };
    case 'OfferWithdrawn':
      return { kind: 'withdrawn', at: event.data.withdrawnAt, ...base };
  }
}

const groupOf = (studentId: string, into: string) => ({ collection: STUDENTS, id: studentId, fields: STUDENT_GROUP_FIELDS, into });

/** A dated fact, kept as the event stated it; the acceptance also records the student's group at that moment. */
function offerFact(event: OfferEvent & RecordedEvent, fact: PagedOfferFact): ReadModelChange {
  return {
    kind: 'upsert',
    collection: OFFER_FACTS,
    id: event.eventId,
    update: { $set: { ...fact, day: dayOf(fact.at) } },
    ...(event.type === 'OfferAccepted' ? { copy: [groupOf(event.data.studentId, 'group')] } : {}),
  };
}

/** Degree text is free: the day's document id keeps a bounded key of it. */
const populationId = (day: string, group: StudentGroup): string => `${day}|${group.school}|${group.passingYear}|${degreeKeyOf(group.degree).slice(0, 100)}`;

const populationMove = (day: string, group: StudentGroup, change: number): ReadModelChange => ({
  kind: 'upsert',
  collection: POPULATION,
  id: populationId(day, group),
  update: { $set: { day, ...group }, $inc: { change } },
});

/** A population move's change as the domain's PopulationChange (what the page keeps). */
function moveOf(change: Extract<ReadModelChange, { kind: 'upsert' }>): PopulationChange {
  const { day, degree, school, passingYear } = change.update.$set as { day: string } & StudentGroup;
  return { day, group: { degree, school, passingYear }, change: (change.update.$inc as { change: number }).change };
}

/**
 * A saved profile puts its student into the population (the first one: the decider's first
 * StudentProfileUpdated has nothing before) or moves them between groups (a later one whose
 * education or school changed the degree, school or passing year).
 */
function profileChanges(event: Extract<Handled, { type: 'StudentProfileUpdated' }> & RecordedEvent): ReadModelChange[] {
  const { userId, profile, before, after } = event.data;
  const day = dayOf(event.metadata.occurredAt);
  const group = studentGroupOf(profile);
  const remember: ReadModelChange = { kind: 'upsert', collection: STUDENTS, id: userId, update: { $set: group } };
  if (Object.keys(before).length === 0) return [remember, populationMove(day, group, 1)];
  if (after.education === undefined && after.school === undefined) return [];
  const previous = studentGroupOf({ education: (before as Partial<StudentProfile>).education ?? profile.education, school: before.school ?? profile.school });
  if (sameGroup(previous, group)) return [remember];
  return [remember, populationMove(day, previous, -1), populationMove(day, group, 1)];
}

/**
 * The event's facts on its page (`statistics_pages`, see the domain's StatisticsPage): one change of
 * the page per event, under the event's id (or its day's counter), so a replay rewrites the same fields.
 */
function pageChange(event: Handled & RecordedEvent, facts: { offer?: PagedOfferFact; moves?: PopulationChange[] }): ReadModelChange | null {
  const page = { kind: 'upsert' as const, collection: PAGES, id: statisticsPageOf(event.position) };
  switch (event.type) {
    case 'OfferExtended':
    case 'OfferAccepted':
    case 'OfferDeclined':
    case 'OfferWithdrawn':
      return {
        ...page,
        update: { $set: { [`offers.${event.eventId}`]: facts.offer } },
        ...(event.type === 'OfferAccepted' ? { copy: [groupOf(event.data.studentId, `groups.${event.eventId}`)] } : {}),
      };
    case 'StudentProfileUpdated':
      return facts.moves && facts.moves.length > 0 ? { ...page, update: { $set: { [`moves.${event.eventId}`]: facts.moves } } } : null;
    case 'UserDeleted':
      return event.data.role !== 'student'
        ? null
        : { ...page, update: { $set: { [`departures.${event.eventId}`]: { day: dayOf(event.metadata.occurredAt) } } }, copy: [groupOf(event.data.userId, `departureGroups.${event.eventId}`)] };
    case 'ApplicationSubmitted':
      return { ...page, update: { $inc: { [`applications.${dayOf(event.data.appliedAt)}`]: 1 } } };
  }
}

function changesOf(event: Handled & RecordedEvent): ReadModelChange[] {
  switch (event.type) {
    case 'OfferExtended':
    case 'OfferAccepted':
    case 'OfferDeclined':
    case 'OfferWithdrawn': {
      const fact = pagedFactOf(event);
      return [offerFact(event, fact), pageChange(event, { offer: fact })!];
    }
    case 'StudentProfileUpdated': {
      const changes = profileChanges(event);
      const moves = changes.flatMap((change) => (change.kind === 'upsert' && change.collection === POPULATION ? [moveOf(change)] : []));
      const page = pageChange(event, { moves });
      return page ? [...changes, page] : changes;
    }
    case 'UserDeleted': {
      // The group is copied from the lookup: a student who never saved a profile leaves a null group.
      if (event.data.role !== 'student') return [];
      return [
        {
          kind: 'upsert',
          collection: DEPARTURES,
          id: event.data.userId,
          update: { $set: { day: dayOf(event.metadata.occurredAt) } },
          copy: [groupOf(event.data.userId, 'group')],
        },
        pageChange(event, {})!,
      ];
    }
    case 'ApplicationSubmitted':
      return [counterChange(DAYS, dayOf(event.data.appliedAt), { applications: 1 }), pageChange(event, {})!];
  }
}

/**
 * The placement statistics' dated facts (issue 16 part 4). Append-only: each offer event is a fact
 * of its own, the population moves and the applications are counted per day; every fact is also
 * filed on the page of its event's log position (`statistics_pages`), which is what the query side
 * reads: the pages it has not read yet, by `_id`, then the domain's placementStatistics folds the
 * facts up to the day asked, never the log.
 */
export const statisticsProjection: Projection = {
  name: 'statistics',
  collections: [OFFER_FACTS, POPULATION, DEPARTURES, DAYS, STUDENTS, PAGES],
  indexes: {
    [OFFER_FACTS]: [{ key: { day: 1 } }],
    [POPULATION]: [{ key: { day: 1 } }],
    [DEPARTURES]: [{ key: { day: 1 } }],
    [DAYS]: [],
    [STUDENTS]: [],
    // Read by `_id` alone.
    [PAGES]: [],
  },
  apply: (event: RecordedEvent) => (isHandled(event) ? changesOf(event) : []),
};
