import { factsOfPages, statisticsPageOf, STATISTICS_PAGE_SPAN, type StatisticsPage } from './pages';
import { placementStatistics, type StudentGroup } from './placement';

const btech2026: StudentGroup = { degree: 'B.Tech', school: 'SOET', passingYear: '2026' };
const terms = { companyName: 'Acme', tier: 'Regular', ctc: 800_000, stipend: null };

describe('statistics pages', () => {
  it('files an event by its log position, a page per span of positions', () => {
    expect(statisticsPageOf(0)).toBe('0');
    expect(statisticsPageOf(STATISTICS_PAGE_SPAN - 1)).toBe('0');
    expect(statisticsPageOf(STATISTICS_PAGE_SPAN)).toBe('1');
    expect(statisticsPageOf(10 * STATISTICS_PAGE_SPAN + 3)).toBe('10');
  });

  it("gives the domain's facts: acceptances with their group, departures of students who were in the population, applications per day", () => {
    const first: StatisticsPage = {
      offers: {
        e1: { kind: 'extended', at: '2026-03-09T10:00:00.000Z', seq: 1, applicationId: 'app-1', studentId: 'asha', ...terms },
        e2: { kind: 'accepted', at: '2026-03-10T10:00:00.000Z', seq: 2, applicationId: 'app-1', studentId: 'asha', ...terms },
      },
      groups: { e2: btech2026 },
      moves: { e0: [{ day: '2026-03-01', group: btech2026, change: 1 }] },
      departures: { e3: { day: '2026-03-11' }, e4: { day: '2026-03-11' } },
      departureGroups: { e3: btech2026, e4: null },
      applications: { '2026-03-02': 2 },
    };
    const second: StatisticsPage = { applications: { '2026-03-02': 1, '2026-03-03': 1 } };
    expect(factsOfPages([first, second])).toEqual({
      offers: [
        { kind: 'extended', at: '2026-03-09T10:00:00.000Z', seq: 1, applicationId: 'app-1', studentId: 'asha', ...terms },
        { kind: 'accepted', at: '2026-03-10T10:00:00.000Z', seq: 2, applicationId: 'app-1', studentId: 'asha', ...terms, group: btech2026 },
      ],
      population: [
        { day: '2026-03-01', group: btech2026, change: 1 },
        { day: '2026-03-11', group: btech2026, change: -1 },
      ],
      applications: [
        { day: '2026-03-02', applications: 3 },
        { day: '2026-03-03', applications: 1 },
      ],
    });
  });

  it('puts a backdated fact of a later page in its place in time: it counts for its own day', () => {
    const pages: StatisticsPage[] = [
      { offers: { e1: { kind: 'extended', at: '2026-03-09T10:00:00.000Z', seq: 1, applicationId: 'app-1', studentId: 'asha', ...terms } } },
      // Filed later in the log, dated a week earlier: extended, then withdrawn before the first offer came.
      {
        offers: {
          e9: { kind: 'withdrawn', at: '2026-03-03T10:00:00.000Z', seq: 900, applicationId: 'app-2', studentId: 'bala' },
          e8: { kind: 'extended', at: '2026-03-02T10:00:00.000Z', seq: 800, applicationId: 'app-2', studentId: 'bala', ...terms, ctc: 1_500_000 },
        },
      },
    ];
    const facts = factsOfPages(pages);
    expect(facts.offers.map((fact) => fact.seq)).toEqual([800, 900, 1]);
    expect(placementStatistics(facts, '2026-03-02')).toMatchObject({ offers: 1, ctc: { highest: 1_500_000 } });
    expect(placementStatistics(facts, '2026-03-03')).toMatchObject({ offers: 0, ctc: { highest: null } });
    expect(placementStatistics(facts, '2026-03-09')).toMatchObject({ offers: 1, ctc: { highest: 800_000 } });
    expect(placementStatistics(facts, null).weekly).toEqual([
      { weekStart: '2026-03-02', applications: 0, offers: 1, accepted: 0 },
      { weekStart: '2026-03-09', applications: 0, offers: 1, accepted: 0 },
    ]);
  });

  it('folds the same facts to the same figures, day after day (dates are worked out once per fact)', () => {
    const facts = factsOfPages([{ offers: { e1: { kind: 'extended', at: '2026-03-09T10:00:00.000Z', seq: 1, applicationId: 'app-1', studentId: 'asha', ...terms } } }]);
    const first = placementStatistics(facts, '2026-03-09');
    expect(placementStatistics(facts, '2026-03-08')).toMatchObject({ offers: 0, weekly: [] });
    expect(placementStatistics(facts, '2026-03-09')).toEqual(first);
  });
});
