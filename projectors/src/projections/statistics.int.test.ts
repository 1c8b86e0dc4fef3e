import { placementStatistics, type OfferFact, type PlacementEvent, type ApplicationOfferEvent, type StudentProfile, type UserEvent } from '@placement/domain';
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
import { rebuildProjections } from '../rebuild';
import { builtTwiceFromHistory, rawCollections, runToHead, scratchReadModels } from '../test-support';
import { statisticsProjection } from './statistics';
import { appendAll, aStudentProfile, applicationSubmitted, recorded, studentRegistered, type PortalEvent } from './test-history';

const { offerFacts, population, departures, days } = STATISTICS_COLLECTIONS;

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
