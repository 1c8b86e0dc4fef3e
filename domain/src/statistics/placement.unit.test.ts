import { headlineOf, median, placementStatistics, studentGroupOf, weekStartOf, type OfferFact, type StatisticsFacts, type StudentGroup } from './placement';
import { statisticsQuerySchema, STATISTICS_MESSAGES } from './contracts';

const btech2026: StudentGroup = { degree: 'B.Tech', school: 'SOET', passingYear: '2026' };
const mba2025: StudentGroup = { degree: 'MBA', school: 'SOMC', passingYear: '2025' };

let seq = 0;
const extended = (applicationId: string, studentId: string, at: string, companyName: string, ctc: number | null = 600_000): OfferFact => ({
  kind: 'extended',
  at,
  seq: ++seq,
  applicationId,
  studentId,
  companyName,
  tier: 'Regular',
  ctc,
  stipend: ctc === null ? 25_000 : null,
});
const accepted = (applicationId: string, studentId: string, at: string, companyName: string, group: StudentGroup | null = btech2026, ctc: number | null = 600_000): OfferFact => ({
  kind: 'accepted',
  at,
  seq: ++seq,
  applicationId,
  studentId,
  companyName,
  tier: 'Regular',
  ctc,
  stipend: null,
  group,
});
const withdrawn = (applicationId: string, studentId: string, at: string): OfferFact => ({ kind: 'withdrawn', at, seq: ++seq, applicationId, studentId });
const declined = (applicationId: string, studentId: string, at: string): OfferFact => ({ kind: 'declined', at, seq: ++seq, applicationId, studentId });

/** Four B.Tech students of 2026 and two MBAs of 2025 with profiles from 1 March. */
const season = (offers: OfferFact[], more: Partial<StatisticsFacts> = {}): StatisticsFacts => ({
  offers,
  population: [
    { day: '2026-03-01', group: btech2026, change: 4 },
    { day: '2026-03-01', group: mba2025, change: 2 },
  ],
  applications: [
    { day: '2026-03-02', applications: 5 },
    { day: '2026-03-10', applications: 3 },
  ],
  ...more,
});

describe('placementStatistics', () => {
  it('given an accepted offer, counts the student as placed in their group and the rate over students with a profile', () => {
    const facts = season([extended('a1', 's1', '2026-03-10T09:00:00.000Z', 'Acme'), accepted('a1', 's1', '2026-03-11T09:00:00.000Z', 'Acme')]);

    const statistics = placementStatistics(facts, null);

    expect(statistics).toMatchObject({ students: 6, placedStudents: 1, placementRate: 16.7, offers: 1, acceptedOffers: 1, companies: 1 });
    expect(statistics.byDegree).toEqual([
      { key: 'B.Tech', students: 4, placed: 1, rate: 25 },
      { key: 'MBA', students: 2, placed: 0, rate: 0 },
    ]);
    expect(statistics.bySchool.map((row) => [row.key, row.placed])).toEqual([
      ['SOET', 1],
      ['SOMC', 0],
    ]);
    expect(statistics.byPassingYear.map((row) => [row.key, row.students, row.rate])).toEqual([
      ['2025', 2, 0],
      ['2026', 4, 25],
    ]);
    expect(statistics.offersByCompany).toEqual([{ companyName: 'Acme', offers: 1, accepted: 1 }]);
  });

  it('given an acceptance on the 11th, as of the 10th the student is not placed yet and as of the 11th (its end) they are', () => {
    const facts = season([extended('a1', 's1', '2026-03-10T09:00:00.000Z', 'Acme'), accepted('a1', 's1', '2026-03-11T23:30:00.000Z', 'Acme')]);

    expect(placementStatistics(facts, '2026-03-10')).toMatchObject({ asOf: '2026-03-10', placedStudents: 0, placementRate: 0, offers: 1, acceptedOffers: 0 });
    expect(placementStatistics(facts, '2026-03-11')).toMatchObject({ asOf: '2026-03-11', placedStudents: 1, placementRate: 16.7, acceptedOffers: 1 });
  });

  it('given an accepted offer withdrawn later, the student is placed before the withdrawal and not after it', () => {
    const facts = season([
      extended('a1', 's1', '2026-03-10T09:00:00.000Z', 'Acme'),
      accepted('a1', 's1', '2026-03-11T09:00:00.000Z', 'Acme'),
      withdrawn('a1', 's1', '2026-03-14T09:00:00.000Z'),
      // the placement stream's copy of the withdrawal changes nothing more
      withdrawn('a1', 's1', '2026-03-14T09:00:00.000Z'),
    ]);

    expect(placementStatistics(facts, '2026-03-13')).toMatchObject({ placedStudents: 1, offers: 1, companies: 1 });
    expect(placementStatistics(facts, '2026-03-14')).toMatchObject({ placedStudents: 0, placementRate: 0, offers: 0, companies: 0, offersByCompany: [] });
    expect(placementStatistics(facts, null).ctc).toEqual({ offers: 0, highest: null, median: null, average: null });
  });

  it('given a withdrawn offer extended again, the new offer counts', () => {
    const facts = season([
      extended('a1', 's1', '2026-03-10T09:00:00.000Z', 'Acme', 500_000),
      withdrawn('a1', 's1', '2026-03-11T09:00:00.000Z'),
      extended('a1', 's1', '2026-03-12T09:00:00.000Z', 'Acme', 700_000),
    ]);

    expect(placementStatistics(facts, null)).toMatchObject({ offers: 1, ctc: { offers: 1, highest: 700_000 } });
  });

  it('given a declined offer, nobody is placed but the offer still counts for its company and the CTC', () => {
    const facts = season([extended('a1', 's1', '2026-03-10T09:00:00.000Z', 'Acme', 900_000), declined('a1', 's1', '2026-03-11T09:00:00.000Z')]);

    expect(placementStatistics(facts, null)).toMatchObject({ placedStudents: 0, offers: 1, acceptedOffers: 0, offersByCompany: [{ companyName: 'Acme', offers: 1, accepted: 0 }], ctc: { highest: 900_000 } });
  });

  it('given four offers with CTCs, the median of an even count is the mean of the middle two; highest and average too; stipend-only offers are left out', () => {
    const facts = season([
      extended('a1', 's1', '2026-03-10T09:00:00.000Z', 'Acme', 400_000),
      extended('a2', 's2', '2026-03-10T09:00:00.000Z', 'Beta', 1_200_000),
      extended('a3', 's3', '2026-03-10T09:00:00.000Z', 'Acme', 600_000),
      extended('a4', 's4', '2026-03-10T09:00:00.000Z', 'Gamma', 900_000),
      extended('a5', 's5', '2026-03-10T09:00:00.000Z', 'Delta', null),
    ]);

    const statistics = placementStatistics(facts, null);

    expect(statistics.ctc).toEqual({ offers: 4, highest: 1_200_000, median: 750_000, average: 775_000 });
    expect(statistics.offersByCompany.map((row) => [row.companyName, row.offers])).toEqual([
      ['Acme', 2],
      ['Beta', 1],
      ['Delta', 1],
      ['Gamma', 1],
    ]);
    expect(headlineOf(statistics)).toEqual({ asOf: null, placedStudents: 0, placementRate: 0, highestCtc: 1_200_000, medianCtc: 750_000, companies: 4 });
  });

  it('given a student with two accepted offers, they are placed once', () => {
    const facts = season([
      extended('a1', 's1', '2026-03-10T09:00:00.000Z', 'Acme'),
      accepted('a1', 's1', '2026-03-11T09:00:00.000Z', 'Acme'),
      extended('a2', 's1', '2026-03-12T09:00:00.000Z', 'Beta', 1_500_000),
      accepted('a2', 's1', '2026-03-13T09:00:00.000Z', 'Beta'),
    ]);

    expect(placementStatistics(facts, null)).toMatchObject({ placedStudents: 1, acceptedOffers: 2 });
  });

  it('given students joining and moving between groups over time, the population is as it stood that day; degrees merge without case or dots', () => {
    const facts = season([], {
      population: [
        { day: '2026-03-01', group: btech2026, change: 2 },
        { day: '2026-03-05', group: { ...btech2026, degree: 'btech' }, change: 1 },
        { day: '2026-03-07', group: btech2026, change: -1 },
        { day: '2026-03-07', group: mba2025, change: 1 },
      ],
    });

    expect(placementStatistics(facts, '2026-03-04').byDegree).toEqual([{ key: 'B.Tech', students: 2, placed: 0, rate: 0 }]);
    expect(placementStatistics(facts, '2026-03-06').students).toBe(3);
    expect(placementStatistics(facts, '2026-03-07').byDegree.map((row) => [row.key, row.students])).toEqual([
      ['B.Tech', 2],
      ['MBA', 1],
    ]);
  });

  it('given applications and offers over several weeks, counts them per week (Monday first) up to the day asked, empty weeks included', () => {
    const facts = season([extended('a1', 's1', '2026-03-10T09:00:00.000Z', 'Acme'), accepted('a1', 's1', '2026-03-11T09:00:00.000Z', 'Acme')], {
      applications: [
        { day: '2026-03-02', applications: 5 },
        { day: '2026-03-08', applications: 1 },
        { day: '2026-03-10', applications: 3 },
        { day: '2026-03-31', applications: 9 },
      ],
    });

    expect(placementStatistics(facts, '2026-03-20').weekly).toEqual([
      { weekStart: '2026-03-02', applications: 6, offers: 0, accepted: 0 },
      { weekStart: '2026-03-09', applications: 3, offers: 1, accepted: 1 },
      { weekStart: '2026-03-16', applications: 0, offers: 0, accepted: 0 },
    ]);
    expect(placementStatistics(facts, null).weekly.map((week) => week.weekStart)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
  });

  it('given no profiles, the rate is not a number but null', () => {
    expect(placementStatistics({ offers: [], population: [], applications: [] }, null)).toMatchObject({ students: 0, placementRate: null, weekly: [], byDegree: [] });
  });
});

describe('helpers', () => {
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('a week starts on Monday', () => {
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-09')).toBe('2026-03-09');
  });

  it("a student's group is the masters course if any, else graduation, and the school", () => {
    const education = {
      tenth: { percentage: 90, passingYear: '2018' },
      twelfth: { percentage: 88, passingYear: '2020' },
      graduation: { degree: ' B.Tech ', percentageOrCGPA: '8', passingYear: '2024' },
      masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
    };
    expect(studentGroupOf({ education, school: 'SOET' })).toEqual({ degree: 'B.Tech', school: 'SOET', passingYear: '2024' });
    expect(studentGroupOf({ education: { ...education, masters: { degree: 'M.Tech', percentageOrCGPA: '', passingYear: '2026' } }, school: 'SOET' })).toEqual({ degree: 'M.Tech', school: 'SOET', passingYear: '2026' });
  });
});

describe('the as-of query', () => {
  it('takes real calendar days only', () => {
    expect(statisticsQuerySchema.parse({ asOf: '2026-02-28' })).toEqual({ asOf: '2026-02-28' });
    expect(statisticsQuerySchema.parse({})).toEqual({});
    for (const asOf of ['2026-02-30', '2026-2-1', 'yesterday', '2026-13-01']) expect(statisticsQuerySchema.safeParse({ asOf }).error?.issues[0]?.message).toBe(STATISTICS_MESSAGES.asOf);
  });
});
