import {
  dayOf,
  type ApplicationEvent,
  degreeKeyOf,
  sameGroup,
  studentGroupOf,
  type ApplicationOfferEvent,
  type OfferFact,
  type PlacementEvent,
  type StudentGroup,
  type StudentProfile,
  type UserEvent,
} from '@placement/domain';
import { STATISTICS_COLLECTIONS, STUDENT_GROUP_FIELDS, type RecordedEvent } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { counterChange, eventsOfTypes } from './projection-helpers';

const { offerFacts: OFFER_FACTS, population: POPULATION, departures: DEPARTURES, days: DAYS, students: STUDENTS } = STATISTICS_COLLECTIONS;

type OfferEvent = ApplicationOfferEvent | PlacementEvent;
type Handled = OfferEvent | Extract<UserEvent, { type: 'StudentProfileUpdated' | 'UserDeleted' }> | Extract<ApplicationEvent, { type: 'ApplicationSubmitted' }>;

const isHandled = eventsOfTypes<Handled>(['OfferExtended', 'OfferWithdrawn', 'OfferAccepted', 'OfferDeclined', 'StudentProfileUpdated', 'UserDeleted', 'ApplicationSubmitted']);

/** A dated fact, kept as the event stated it; the acceptance also records the student's group at that moment. */
function offerFact(event: OfferEvent & RecordedEvent): ReadModelChange {
  const base = { applicationId: event.data.applicationId, studentId: event.data.studentId, seq: event.position };
  let fact: { kind: OfferFact['kind']; at: string } & Record<string, unknown>;
  switch (event.type) {
    case 'OfferExtended': {
      const { companyName, tier, ctc, stipend, extendedAt } = event.data;
      fact = { kind: 'extended', at: extendedAt, companyName, tier, ctc: ctc ?? null, stipend: stipend ?? null };
      break;
    }
    case 'OfferAccepted': {
      const { companyName, tier, ctc, stipend, acceptedAt } = event.data;
      fact = { kind: 'accepted', at: acceptedAt, companyName, tier, ctc: ctc ?? null, stipend: stipend ?? null };
      break;
    }
    case 'OfferDeclined':
      fact = { kind: 'declined', at: event.data.declinedAt };
      break;
    case 'OfferWithdrawn':
      fact = { kind: 'withdrawn', at: event.data.withdrawnAt };
      break;
  }
  return {
    kind: 'upsert',
    collection: OFFER_FACTS,
    id: event.eventId,
    update: { $set: { ...fact, ...base, day: dayOf(fact.at) } },
    ...(event.type === 'OfferAccepted' ? { copy: [{ collection: STUDENTS, id: event.data.studentId, fields: STUDENT_GROUP_FIELDS, into: 'group' }] } : {}),
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

function changesOf(event: Handled & RecordedEvent): ReadModelChange[] {
  switch (event.type) {
    case 'OfferExtended':
    case 'OfferAccepted':
    case 'OfferDeclined':
    case 'OfferWithdrawn':
      return [offerFact(event)];
    case 'StudentProfileUpdated':
      return profileChanges(event);
    case 'UserDeleted':
      // The group is copied from the lookup: a student who never saved a profile leaves a null group.
      return event.data.role !== 'student'
        ? []
        : [
            {
              kind: 'upsert',
              collection: DEPARTURES,
              id: event.data.userId,
              update: { $set: { day: dayOf(event.metadata.occurredAt) } },
              copy: [{ collection: STUDENTS, id: event.data.userId, fields: STUDENT_GROUP_FIELDS, into: 'group' }],
            },
          ];
    case 'ApplicationSubmitted':
      return [counterChange(DAYS, dayOf(event.data.appliedAt), { applications: 1 })];
  }
}

/**
 * The placement statistics' dated facts (issue 16 part 4). Append-only: each offer event is a fact
 * of its own, the population moves and the applications are counted per day, so the query side
 * reads only what is dated up to the day asked (indexed by day) and folds it with the domain's
 * placementStatistics, never the log.
 */
export const statisticsProjection: Projection = {
  name: 'statistics',
  collections: [OFFER_FACTS, POPULATION, DEPARTURES, DAYS, STUDENTS],
  indexes: {
    [OFFER_FACTS]: [{ key: { day: 1 } }],
    [POPULATION]: [{ key: { day: 1 } }],
    [DEPARTURES]: [{ key: { day: 1 } }],
    [DAYS]: [],
    [STUDENTS]: [],
  },
  apply: (event: RecordedEvent) => (isHandled(event) ? changesOf(event) : []),
};
