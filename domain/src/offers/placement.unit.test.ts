import { given } from '../decider';
import { contextAs, rejectionOf, TEST_NOW } from '../schemas-shared/test-support';
import type { PlacementEvent } from './events';
import { placementDecider, type OpenOffer } from './placement';
import { DEFAULT_PLACEMENT_POLICY } from './policy';
import { DREAM_POLICY } from './test-fixtures';

const student = contextAs('student', 's1');
const offer = (applicationId: string, tier: string, extendedAt = '2025-03-01T00:00:00.000Z'): OpenOffer => ({
  applicationId,
  jobId: `job-${applicationId}`,
  studentId: 's1',
  companyName: 'Acme',
  tier,
  ctc: 800_000,
  extendedAt,
  status: 'extended',
});
const accepted = (applicationId: string, tier: string): PlacementEvent => ({
  type: 'OfferAccepted',
  data: { applicationId, jobId: `job-${applicationId}`, studentId: 's1', companyName: 'Acme', tier, ctc: 800_000, acceptedAt: '2025-03-02T00:00:00.000Z' },
});
const declined = (applicationId: string, at = '2025-03-02T00:00:00.000Z'): PlacementEvent => ({
  type: 'OfferDeclined',
  data: { applicationId, jobId: `job-${applicationId}`, studentId: 's1', declinedAt: at },
});
const withdrawn = (applicationId: string): PlacementEvent => ({
  type: 'OfferWithdrawn',
  data: { applicationId, jobId: `job-${applicationId}`, studentId: 's1', withdrawnAt: '2025-03-03T00:00:00.000Z' },
});

describe('AcceptOffer', () => {
  it('records the acceptance with the offer and the tier, at the command time', () => {
    expect(given(placementDecider, []).when({ type: 'AcceptOffer', applicationId: 'a1', offer: offer('a1', 'Regular'), policy: DEFAULT_PLACEMENT_POLICY }, student)).toEqual([
      { type: 'OfferAccepted', data: { applicationId: 'a1', jobId: 'job-a1', studentId: 's1', companyName: 'Acme', tier: 'Regular', ctc: 800_000, acceptedAt: TEST_NOW.toISOString() } },
    ]);
  });
  it('never lets a student hold two accepted offers where the policy allows one', () => {
    expect(rejectionOf(() => given(placementDecider, [accepted('a1', 'Regular')]).when({ type: 'AcceptOffer', applicationId: 'a2', offer: offer('a2', 'Regular'), policy: DEFAULT_PLACEMENT_POLICY }, student))).toEqual({
      kind: 'conflict',
      message: 'You hold an accepted offer, the most the placement policy allows',
      errors: [{ field: 'placement', message: 'You hold an accepted offer, the most the placement policy allows' }],
    });
  });
  it("refuses an offer of a tier the held offer closed, naming the policy's rule", () => {
    expect(rejectionOf(() => given(placementDecider, [accepted('a1', 'Regular')]).when({ type: 'AcceptOffer', applicationId: 'a2', offer: offer('a2', 'Regular'), policy: DREAM_POLICY }, student)).message).toBe(
      'You hold an accepted Regular offer; only Dream and Super Dream jobs are open to you',
    );
  });
  it('accepts a Dream offer beside a Regular one under a Dream policy', () => {
    expect(given(placementDecider, [accepted('a1', 'Regular')]).when({ type: 'AcceptOffer', applicationId: 'a2', offer: offer('a2', 'Dream'), policy: DREAM_POLICY }, student)).toHaveLength(1);
  });
  it('frees the place again once the accepted offer is withdrawn', () => {
    expect(given(placementDecider, [accepted('a1', 'Regular'), withdrawn('a1')]).when({ type: 'AcceptOffer', applicationId: 'a2', offer: offer('a2', 'Regular'), policy: DEFAULT_PLACEMENT_POLICY }, student)).toHaveLength(1);
  });
  it('changes nothing when the offer is accepted already', () => {
    expect(given(placementDecider, [accepted('a1', 'Regular')]).when({ type: 'AcceptOffer', applicationId: 'a1', offer: offer('a1', 'Regular'), policy: DEFAULT_PLACEMENT_POLICY }, student)).toEqual([]);
  });
  it('refuses a declined offer, but answers a new offer extended after the decline', () => {
    const command = { type: 'AcceptOffer' as const, applicationId: 'a1', offer: offer('a1', 'Regular'), policy: DEFAULT_PLACEMENT_POLICY };
    expect(rejectionOf(() => given(placementDecider, [declined('a1')]).when(command, student))).toMatchObject({ kind: 'conflict', message: 'You have declined this offer' });
    expect(given(placementDecider, [declined('a1')]).when({ ...command, offer: offer('a1', 'Regular', '2025-03-05T00:00:00.000Z') }, student)).toHaveLength(1);
  });
  it('refuses an application without an offer, a withdrawn offer, and another student', () => {
    const command = { type: 'AcceptOffer' as const, applicationId: 'a1', offer: offer('a1', 'Regular'), policy: DEFAULT_PLACEMENT_POLICY };
    expect(rejectionOf(() => given(placementDecider, []).when({ ...command, offer: null }, student))).toMatchObject({ kind: 'not_found', message: 'This application has no offer to answer' });
    expect(rejectionOf(() => given(placementDecider, []).when({ ...command, offer: { ...offer('a1', 'Regular'), status: 'withdrawn' } }, student))).toMatchObject({
      kind: 'conflict',
      message: 'This offer has been withdrawn',
    });
    expect(rejectionOf(() => given(placementDecider, []).when(command, contextAs('student', 's2')))).toMatchObject({ kind: 'forbidden', message: 'This is not your application' });
  });
});

describe('DeclineOffer', () => {
  it('records the decline', () => {
    expect(given(placementDecider, []).when({ type: 'DeclineOffer', applicationId: 'a1', offer: offer('a1', 'Regular') }, student)).toEqual([
      { type: 'OfferDeclined', data: { applicationId: 'a1', jobId: 'job-a1', studentId: 's1', declinedAt: TEST_NOW.toISOString() } },
    ]);
  });
  it('refuses to decline an accepted offer, and changes nothing when declined already', () => {
    expect(rejectionOf(() => given(placementDecider, [accepted('a1', 'Regular')]).when({ type: 'DeclineOffer', applicationId: 'a1', offer: offer('a1', 'Regular') }, student))).toMatchObject({
      kind: 'conflict',
      message: 'You have already accepted this offer',
    });
    expect(given(placementDecider, [declined('a1')]).when({ type: 'DeclineOffer', applicationId: 'a1', offer: offer('a1', 'Regular') }, student)).toEqual([]);
  });
});

describe('WithdrawAcceptedOffer', () => {
  const command = { type: 'WithdrawAcceptedOffer' as const, applicationId: 'a1', jobId: 'job-a1', studentId: 's1' };
  it('withdraws an accepted offer from the placement', () => {
    expect(given(placementDecider, [accepted('a1', 'Regular')]).when(command, contextAs('admin'))).toEqual([
      { type: 'OfferWithdrawn', data: { applicationId: 'a1', jobId: 'job-a1', studentId: 's1', withdrawnAt: TEST_NOW.toISOString() } },
    ]);
  });
  it('changes nothing for an offer the student had not accepted', () => {
    expect(given(placementDecider, [declined('a1')]).when(command, contextAs('admin'))).toEqual([]);
    expect(given(placementDecider, []).when(command, contextAs('admin'))).toEqual([]);
  });
});
