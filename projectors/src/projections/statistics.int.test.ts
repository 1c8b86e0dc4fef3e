import { factsOfPages, placementStatistics, STATISTICS_PAGE_SPAN, type OfferFact, type StatisticsFacts, type StatisticsPage, type PlacementEvent, type ApplicationOfferEvent, type StudentProfile, type UserEvent } from '@placement/domain';
import {
  collectionOf,
  isolatedPostgresStore,
  loadEnv,
  STATISTICS_COLLECTIONS,
  type DepartureDocument,
  type OfferFactDocument,
  type PopulationDocument,
  type StatisticsDayDocument,
} from '@placement/platform';
import type { Db } from 'mongodb';
import { rebuildProjections } from '../rebuild';
import { builtTwiceFromHistory, rawCollections, runToHead, scratchReadModels } from '../test-support';
import { statisticsProjection } from './statistics';
import { appendAll, aStudentProfile, applicationSubmitted, recorded, studentRegistered, type PortalEvent } from './test-history';

const { offerFacts, population, departures, days, pages } = STATISTICS_COLLECTIONS;

const course = (degree: string, passingYear: string): Pick<StudentProfile, 'education'> => ({
  education: {
    tenth: { percentage: 91, passingYear: '2017' },
    twelfth: { percentage: 88, passingYear: '2019' },
    graduation: { degree, percentageOrCGPA: '8.1', passingYear },
    masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
  },
});

const firstProfile = (userId: string, profile: StudentProfile): UserEvent => ({ type: 'StudentProfileUpdated', data: { userId, profile, before: {}, after: profile } });

const offerTerms = { jobId: 'job-1', companyName: 'Acme Analytics', tier: 'Regular', ctc: 800_000 };
const extended = (applicationId: string, studentId: string, extendedAt: string): ApplicationOfferEvent => ({
  type: 'OfferExtended',
  data: { applicationId, studentId, jobTitle: 'Analyst', extendedAt, ...offerTerms },
});
const accepted = (applicationId: string, studentId: string, acceptedAt: string): PlacementEvent => ({ type: 'OfferAccepted', data: { applicationId, studentId, acceptedAt, ...offerTerms } });
const withdrawn = (applicationId: string, studentId: string, withdrawnAt: string): PlacementEvent => ({ type: 'OfferWithdrawn', data: { applicationId, jobId: 'job-1', studentId, withdrawnAt } });

const ashaProfile = aStudentProfile({ ...course('B.Tech', '2026'), school: 'SOET' });
const balaProfile = aStudentProfile({ ...course('MBA', '2025'), school: 'SOMC' });

/** Offer events travel on application and placement streams; appendAll files them under a stream of their own, which the projection never reads. */
const history = (): PortalEvent[] => [
  studentRegistered('asha', 'Asha Rao'),
  studentRegistered('bala', 'Bala K'),
  studentRegistered('chitra', 'Chitra M'),
  firstProfile('asha', ashaProfile),
  firstProfile('bala', aStudentProfile({ ...course('B.Tech', '2026'), school: 'SOET' })),
  // Bala moves to the MBA of 2025, Chitra never saves a profile and is deleted
  { type: 'StudentProfileUpdated', data: { userId: 'bala', profile: balaProfile, before: { education: course('B.Tech', '2026').education, school: 'SOET' }, after: { education: balaProfile.education, school: 'SOMC' } } },
  { type: 'StudentProfileUpdated', data: { userId: 'bala', profile: { ...balaProfile, mobileNo: '9111111111' }, before: { mobileNo: balaProfile.mobileNo }, after: { mobileNo: '9111111111' } } },
  { type: 'UserDeleted', data: { userId: 'chitra', email: 'chitra@university.edu', role: 'student', status: 'active', verified: true } },
  applicationSubmitted('app-1', 'job-1', 'asha', '2026-03-02T10:00:00.000Z'),
  applicationSubmitted('app-2', 'job-1', 'bala', '2026-03-02T11:00:00.000Z'),
  ...([
    extended('app-1', 'asha', '2026-03-09T10:00:00.000Z'),
    accepted('app-1', 'asha', '2026-03-10T10:00:00.000Z'),
    extended('app-2', 'bala', '2026-03-09T10:00:00.000Z'),
    accepted('app-2', 'bala', '2026-03-10T12:00:00.000Z'),
    withdrawn('app-2', 'bala', '2026-03-12T10:00:00.000Z'),
  ] as unknown as PortalEvent[]),
];

describe('statistics projection', () => {
  const subject = builtTwiceFromHistory(statisticsProjection, history);

  it('ignores the events it does not count', () => {
    expect(statisticsProjection.apply(recorded({ type: 'JobDeleted', data: { jobId: 'j', status: 'approved' } }))).toEqual([]);
    expect(statisticsProjection.apply(recorded({ type: 'UserDeleted', data: { userId: 'a', email: 'a@x.edu', role: 'staff', status: 'active', verified: true } }))).toEqual([]);
  });

  it('applies the log a second time without changing a byte', () => {
    expect(subject.built.once[offerFacts]!.length).toBeGreaterThan(0);
    expect(subject.built.twice).toEqual(subject.built.once);
  });

  it('keeps one dated fact per offer event, the acceptance with the group the student was in', async () => {
    const facts = await subject.db.collection<OfferFactDocument>(offerFacts).find({}).sort({ seq: 1 }).toArray();
    expect(facts.map((fact) => [fact.kind, fact.applicationId, fact.day])).toEqual([
      ['extended', 'app-1', '2026-03-09'],
      ['accepted', 'app-1', '2026-03-10'],
      ['extended', 'app-2', '2026-03-09'],
      ['accepted', 'app-2', '2026-03-10'],
      ['withdrawn', 'app-2', '2026-03-12'],
    ]);
    expect(facts[1]).toMatchObject({ companyName: 'Acme Analytics', ctc: 800_000, stipend: null, group: { degree: 'B.Tech', school: 'SOET', passingYear: '2026' } });
    expect(facts[3]).toMatchObject({ group: { degree: 'MBA', school: 'SOMC', passingYear: '2025' } });
  });

  it('counts the population per day and group: a first profile enters it, a change of course moves it, other changes leave it', async () => {
    const moves = await subject.db.collection<PopulationDocument>(population).find({}).toArray();
    const byGroup = Object.fromEntries(moves.map((move) => [`${move.degree} ${move.school} ${move.passingYear}`, move.change]));
    expect(byGroup).toEqual({ 'B.Tech SOET 2026': 1, 'MBA SOMC 2025': 1 });
    const gone = await subject.db.collection<DepartureDocument>(departures).find({}).toArray();
    expect(gone.map(({ _id, group }) => ({ _id, group }))).toEqual([{ _id: 'chitra', group: null }]);
    const perDay = await subject.db.collection<StatisticsDayDocument>(days).find({}).toArray();
    expect(perDay.map(({ _id, applications }) => ({ _id, applications }))).toEqual([{ _id: '2026-03-02', applications: 2 }]);
  });

  it('gives the domain what it needs for figures as of a day', async () => {
    const facts = (await subject.db.collection<OfferFactDocument>(offerFacts).find({}).toArray()) as OfferFact[];
    const moves = await subject.db.collection<PopulationDocument>(population).find({}).toArray();
    const input = { offers: facts, population: moves.map(({ day, degree, school, passingYear, change }) => ({ day, group: { degree, school, passingYear }, change })), applications: [] };
    expect(placementStatistics(input, '2026-03-11')).toMatchObject({ students: 2, placedStudents: 2, placementRate: 100 });
    expect(placementStatistics(input, '2026-03-12')).toMatchObject({ students: 2, placedStudents: 1, placementRate: 50 });
  });
});

describe('statistics projection, built in batches and rebuilt by the in-memory fold', () => {
  it('writes the same bytes as event by event', async () => {
    const { store, dispose } = await isolatedPostgresStore(loadEnv().POSTGRES_URL);
    const databases = await Promise.all([scratchReadModels(), scratchReadModels(), scratchReadModels()]);
    try {
      await appendAll(store, history());
      const [oneByOne, batched, folded] = databases.map((database) => database.db);
      await runToHead(statisticsProjection, store, oneByOne!, 15_000, { batchSize: 1 });
      await runToHead(statisticsProjection, store, batched!, 15_000, { batchSize: 3 });
      const results = await rebuildProjections([statisticsProjection], store, folded!, undefined, { graceMs: -1, batchSize: 4, insertBatch: 2 });
      expect([...results.values()].map((result) => result.method)).toEqual(['fold']);
      const expected = await rawCollections(oneByOne!, statisticsProjection.collections);
      expect(await rawCollections(batched!, statisticsProjection.collections)).toEqual(expected);
      const rebuilt = await rawCollections(folded!, statisticsProjection.collections.map((collection) => collectionOf(collection, 1)));
      expect(statisticsProjection.collections.map((collection) => rebuilt[collectionOf(collection, 1)])).toEqual(statisticsProjection.collections.map((collection) => expected[collection]));
    } finally {
      for (const database of databases) await database.drop();
      await dispose();
    }
  }, 60_000);
});

/** The facts as the dated collections hold them, as the query read them before the pages. */
async function datedFacts(db: Db): Promise<StatisticsFacts> {
  const [offers, moves, gone, perDay] = await Promise.all([
    db.collection<OfferFactDocument>(offerFacts).find({}, { projection: { _id: 0, _v: 0, day: 0 } }).toArray(),
    db.collection<PopulationDocument>(population).find({}).toArray(),
    db.collection<DepartureDocument>(departures).find({}).toArray(),
    db.collection<StatisticsDayDocument>(days).find({}).toArray(),
  ]);
  return {
    offers: offers as unknown as OfferFact[],
    population: [
      ...moves.map(({ day, degree, school, passingYear, change }) => ({ day, group: { degree, school, passingYear }, change })),
      ...gone.flatMap(({ day, group }) => (group ? [{ day, group, change: -1 }] : [])),
    ],
    applications: perDay.map(({ _id, applications }) => ({ day: _id, applications })),
  };
}

const pagedFacts = async (db: Db, collection: string = pages): Promise<StatisticsFacts> =>
  factsOfPages((await db.collection<StatisticsPage & { _id: string }>(collection).find({}).toArray()).sort((left, right) => Number(left._id) - Number(right._id)));

/** Every day from the first of March to the 15th, and the season. */
const DAYS_ASKED = [...Array.from({ length: 15 }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`), null];

/**
 * The history, then facts dated before days already seen: an offer extended and accepted on 5 March
 * (appended after the withdrawal of the 12th), a student deleted after her acceptance, an application
 * dated 1 March, and a profile saved after all of them.
 */
const backdated = (): PortalEvent[] => [
  ...history(),
  ...([
    extended('app-3', 'dev', '2026-03-05T09:00:00.000Z'),
    accepted('app-3', 'dev', '2026-03-05T15:00:00.000Z'),
    withdrawn('app-1', 'asha', '2026-03-11T10:00:00.000Z'),
  ] as unknown as PortalEvent[]),
  applicationSubmitted('app-4', 'job-1', 'dev', '2026-03-01T10:00:00.000Z'),
  studentRegistered('dev', 'Dev P'),
  firstProfile('dev', aStudentProfile({ ...course('M.Tech', '2025'), school: 'SOET' })),
  { type: 'UserDeleted', data: { userId: 'asha', email: 'asha@university.edu', role: 'student', status: 'active', verified: true } },
];

describe('statistics pages: the facts filed by log position, which the query side reads', () => {
  const subject = builtTwiceFromHistory(statisticsProjection, backdated);

  it('files every fact once, under its event, on the page of its position', async () => {
    const stored = await subject.db.collection<StatisticsPage & { _id: string }>(pages).find({}).toArray();
    expect(stored.length).toBeGreaterThan(0);
    const offers = stored.flatMap((page) => Object.values(page.offers ?? {}));
    expect(offers).toHaveLength(await subject.db.collection(offerFacts).countDocuments({}));
    for (const page of stored) for (const fact of Object.values(page.offers ?? {})) expect(Math.floor(fact.seq / STATISTICS_PAGE_SPAN)).toBe(Number(page._id));
    expect(stored.flatMap((page) => Object.values(page.groups ?? {}))).toEqual([
      { degree: 'B.Tech', school: 'SOET', passingYear: '2026' },
      { degree: 'MBA', school: 'SOMC', passingYear: '2025' },
      null,
    ]);
  });

  it("writes an event's facts to the page of its position, one change of that page per event", () => {
    const at = (position: number) => statisticsProjection.apply(recorded(applicationSubmitted('app-9', 'job-1', 'asha', '2026-03-02T10:00:00.000Z'), position)).filter((change) => change.collection === pages);
    expect(at(STATISTICS_PAGE_SPAN - 1)).toEqual([{ kind: 'upsert', collection: pages, id: '0', update: { $inc: { 'applications.2026-03-02': 1 } } }]);
    expect(at(2 * STATISTICS_PAGE_SPAN + 5)).toEqual([{ kind: 'upsert', collection: pages, id: '2', update: { $inc: { 'applications.2026-03-02': 1 } } }]);
  });

  it('applies the log a second time without changing a byte of the pages', () => {
    expect(subject.built.once[pages]!.length).toBeGreaterThan(0);
    expect(subject.built.twice[pages]).toEqual(subject.built.once[pages]);
  });

  it('gives the same figures as the dated facts for every day, facts dated before days already seen included', async () => {
    const [fromPages, fromDated] = await Promise.all([pagedFacts(subject.db), datedFacts(subject.db)]);
    for (const day of DAYS_ASKED) expect({ day, figures: placementStatistics(fromPages, day) }).toEqual({ day, figures: placementStatistics(fromDated, day) });
  });

  it('counts a backdated fact for its own day, not the day it arrived', async () => {
    const facts = await pagedFacts(subject.db);
    expect(placementStatistics(facts, '2026-03-04')).toMatchObject({ offers: 0, placedStudents: 0 });
    // Dev's offer of the 5th is accepted that day; he had no profile then, so he is placed outside any group.
    expect(placementStatistics(facts, '2026-03-05')).toMatchObject({ offers: 1, acceptedOffers: 1, placedStudents: 1, students: 2 });
    expect(placementStatistics(facts, '2026-03-10')).toMatchObject({ offers: 3, placedStudents: 3 });
    // Asha's offer is withdrawn on the 11th (appended after Bala's of the 12th), Bala's on the 12th.
    expect(placementStatistics(facts, '2026-03-11')).toMatchObject({ offers: 2, placedStudents: 2 });
    expect(placementStatistics(facts, '2026-03-12')).toMatchObject({ offers: 1, placedStudents: 1 });
    expect(placementStatistics(facts, '2026-03-01').weekly).toEqual([{ weekStart: '2026-02-23', applications: 1, offers: 0, accepted: 0 }]);
  });
});

describe('statistics pages with backdated facts, built in batches and rebuilt by the in-memory fold', () => {
  it('writes the same bytes as event by event, and the rebuilt pages give the same figures', async () => {
    const { store, dispose } = await isolatedPostgresStore(loadEnv().POSTGRES_URL);
    const databases = await Promise.all([scratchReadModels(), scratchReadModels(), scratchReadModels()]);
    try {
      await appendAll(store, backdated());
      const [oneByOne, batched, folded] = databases.map((database) => database.db);
      await runToHead(statisticsProjection, store, oneByOne!, 15_000, { batchSize: 1 });
      await runToHead(statisticsProjection, store, batched!, 15_000, { batchSize: 5 });
      const results = await rebuildProjections([statisticsProjection], store, folded!, undefined, { graceMs: -1, batchSize: 3, insertBatch: 1 });
      expect([...results.values()].map((result) => result.method)).toEqual(['fold']);
      const expected = await rawCollections(oneByOne!, [pages]);
      expect(expected[pages]!.length).toBeGreaterThan(0);
      expect(await rawCollections(batched!, [pages])).toEqual(expected);
      expect((await rawCollections(folded!, [collectionOf(pages, 1)]))[collectionOf(pages, 1)]).toEqual(expected[pages]);
      const [caughtUp, rebuilt] = await Promise.all([pagedFacts(oneByOne!), pagedFacts(folded!, collectionOf(pages, 1))]);
      for (const day of DAYS_ASKED) expect(placementStatistics(rebuilt, day)).toEqual(placementStatistics(caughtUp, day));
    } finally {
      for (const database of databases) await database.drop();
      await dispose();
    }
  }, 60_000);
});
