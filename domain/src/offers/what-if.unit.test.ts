import type { SeasonEvent } from './what-if';
import { whatIf } from './what-if';
import { DEFAULT_PLACEMENT_POLICY } from './policy';
import { DREAM_POLICY } from './test-fixtures';

/** A small season: three jobs (Regular 6 LPA, Dream 12 LPA, Super Dream marked), two students. */
const posted = (jobId: string, companyName: string, ctcOrStipend: string, tier = ''): SeasonEvent =>
  ({ type: 'JobPosted', data: { jobId, companyName, profiles: `${companyName} Analyst`, ctcOrStipend, tier } }) as unknown as SeasonEvent;
const applied = (studentId: string, jobId: string, at: string): SeasonEvent =>
  ({ type: 'ApplicationSubmitted', data: { applicationId: `${studentId}-${jobId}`, jobId, studentId, fullName: `Student ${studentId}`, appliedAt: at } }) as unknown as SeasonEvent;
const accepted = (studentId: string, jobId: string, ctc: number, at: string): SeasonEvent => ({
  type: 'OfferAccepted',
  data: { applicationId: `${studentId}-${jobId}`, jobId, studentId, companyName: jobId, tier: 'Regular', ctc, acceptedAt: at },
});
const withdrawn = (studentId: string, jobId: string): SeasonEvent => ({
  type: 'OfferWithdrawn',
  data: { applicationId: `${studentId}-${jobId}`, jobId, studentId, withdrawnAt: '2025-03-09T00:00:00.000Z' },
});

const season: SeasonEvent[] = [
  posted('regular', 'Acme', '6 LPA'),
  posted('dream', 'Globex', '12 LPA'),
  posted('super', 'Initech', 'Rs. 25,000 per month', 'Super Dream'),
  applied('s1', 'regular', '2025-03-01T00:00:00.000Z'),
  applied('s2', 'regular', '2025-03-01T00:00:00.000Z'),
  accepted('s1', 'regular', 600_000, '2025-03-02T00:00:00.000Z'),
  // s1, placed in Regular, applies to a Dream job and accepts its offer too (the season ran under a Dream policy).
  applied('s1', 'dream', '2025-03-03T00:00:00.000Z'),
  accepted('s1', 'dream', 1_200_000, '2025-03-04T00:00:00.000Z'),
  applied('s1', 'super', '2025-03-05T00:00:00.000Z'),
  // s2 accepts, the offer is withdrawn, s2 applies to the Dream job afterwards.
  accepted('s2', 'regular', 600_000, '2025-03-02T00:00:00.000Z'),
  withdrawn('s2', 'regular'),
  applied('s2', 'dream', '2025-03-10T00:00:00.000Z'),
];

describe('whatIf', () => {
  it('changes nothing when the season already kept the proposed policy', () => {
    expect(whatIf({ ...DREAM_POLICY, maxAcceptedOffers: 3 }, season)).toEqual({ changes: [], students: [], applicationsRefused: 0, acceptancesRefused: 0 });
  });

  it('under one offer per student, shows the applications and acceptances it would have refused, and which students', () => {
    const result = whatIf(DEFAULT_PLACEMENT_POLICY, season);
    expect(result.changes).toEqual([
      {
        kind: 'application refused',
        studentId: 's1',
        studentName: 'Student s1',
        applicationId: 's1-dream',
        jobId: 'dream',
        companyName: 'Globex',
        jobTitle: 'Globex Analyst',
        tier: 'Regular',
        at: '2025-03-03T00:00:00.000Z',
        reason: 'You hold an accepted offer, the most the placement policy allows',
      },
      // The Dream acceptance never happens (its application was refused), so s1 still holds one offer.
      expect.objectContaining({ kind: 'application refused', applicationId: 's1-super', reason: 'You hold an accepted offer, the most the placement policy allows' }),
    ]);
    // s2's offer was withdrawn before the Dream application: no change for s2.
    expect(result.students).toEqual([{ studentId: 's1', studentName: 'Student s1', changes: 2 }]);
    expect(result.applicationsRefused).toBe(2);
    expect(result.acceptancesRefused).toBe(0);
  });

  it('refuses an acceptance the proposed tiers close, and names the tier rule', () => {
    const policy = { ...DREAM_POLICY, maxAcceptedOffers: 3, openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Super Dream'] }] };
    const result = whatIf(policy, [
      posted('regular', 'Acme', '6 LPA'),
      posted('dream', 'Globex', '12 LPA'),
      applied('s1', 'regular', '2025-03-01T00:00:00.000Z'),
      applied('s1', 'dream', '2025-03-01T00:00:00.000Z'),
      accepted('s1', 'regular', 600_000, '2025-03-02T00:00:00.000Z'),
      accepted('s1', 'dream', 1_200_000, '2025-03-04T00:00:00.000Z'),
    ]);
    expect(result.changes).toEqual([
      expect.objectContaining({ kind: 'acceptance refused', applicationId: 's1-dream', tier: 'Dream', reason: 'You hold an accepted Regular offer; only Super Dream jobs are open to you' }),
    ]);
    expect(result.acceptancesRefused).toBe(1);
  });

  it("reads a job's tier marking and its edits", () => {
    const policy = { ...DREAM_POLICY, maxAcceptedOffers: 3, openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Dream'] }] };
    const edited = { type: 'JobEdited', data: { jobId: 'super', before: {}, after: { tier: '' } } } as unknown as SeasonEvent;
    const history = [posted('regular', 'Acme', '6 LPA'), posted('super', 'Initech', '12 LPA', 'Super Dream'), applied('s1', 'regular', '2025-03-01T00:00:00.000Z'), accepted('s1', 'regular', 600_000, '2025-03-02T00:00:00.000Z')];
    expect(whatIf(policy, [...history, applied('s1', 'super', '2025-03-03T00:00:00.000Z')]).changes.map((entry) => entry.tier)).toEqual(['Super Dream']);
    expect(whatIf(policy, [...history, edited, applied('s1', 'super', '2025-03-03T00:00:00.000Z')]).changes).toEqual([]);
  });
});
