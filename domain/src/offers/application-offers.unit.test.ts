import { given } from '../decider';
import { applicationDecider, type SubmitApplication } from '../applications/decider';
import type { ApplicationEvent } from '../applications/events';
import { NO_ELIGIBILITY_CHECK } from '../jobs/eligibility';
import { contextAs, rejectionOf, TEST_NOW } from '../schemas-shared/test-support';
import { DEFAULT_PLACEMENT_POLICY } from './policy';
import { DREAM_POLICY } from './test-fixtures';

/** The offer side of the application decider: Accepted is an offer, leaving it withdraws it, and applying asks the policy. */
const admin = contextAs('admin');
const student = contextAs('student', 's1');
const applicationId = 'app-1';
const who = { applicationId, jobId: 'j1', studentId: 's1' };
const submitted: ApplicationEvent = {
  type: 'ApplicationSubmitted',
  data: { ...who, fullName: 'Asha Rao', email: 'asha@uni.edu', phone: '9876543210', resumeKey: 'resumes/s1/cv.pdf', status: 'Applied', appliedAt: '2025-03-01T00:00:00.000Z' },
};
const changed = (from: 'Applied' | 'Accepted' | 'Rejected', to: 'Applied' | 'Accepted' | 'Rejected'): ApplicationEvent => ({
  type: 'ApplicationStatusChanged',
  data: { ...who, fullName: 'Asha Rao', email: 'asha@uni.edu', from, to },
});
const job = { companyName: 'Acme', jobTitle: 'Analyst', tier: 'Dream' };
const extended: ApplicationEvent = {
  type: 'OfferExtended',
  data: { ...who, companyName: 'Acme', jobTitle: 'Analyst', tier: 'Dream', ctc: 1_200_000, extendedAt: TEST_NOW.toISOString() },
};
const withdrawn: ApplicationEvent = { type: 'OfferWithdrawn', data: { ...who, withdrawnAt: TEST_NOW.toISOString() } };

describe('ChangeApplicationStatus to Accepted', () => {
  it('emits the status change and then OfferExtended with the offer and the job tier', () => {
    expect(given(applicationDecider, [submitted]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Accepted', offer: { ctc: 1_200_000 }, job }, admin)).toEqual([
      changed('Applied', 'Accepted'),
      extended,
    ]);
  });
  it('carries a stipend alone', () => {
    const events = given(applicationDecider, [submitted]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Accepted', offer: { stipend: 30_000 }, job }, admin);
    expect(events[1]).toEqual({ type: 'OfferExtended', data: { ...who, companyName: 'Acme', jobTitle: 'Analyst', tier: 'Dream', stipend: 30_000, extendedAt: TEST_NOW.toISOString() } });
  });
  it('refuses Accepted without a CTC or stipend', () => {
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Accepted', job }, admin))).toEqual({
      kind: 'invalid',
      message: 'An offer needs its CTC or stipend',
      errors: [{ field: 'offer', message: 'An offer needs its CTC or stipend' }],
    });
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Accepted', offer: {}, job }, admin)).message).toBe(
      'An offer needs its CTC or stipend',
    );
  });
  it('refuses an amount that is not whole rupees above 0', () => {
    expect(rejectionOf(() => given(applicationDecider, [submitted]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Accepted', offer: { ctc: -1 }, job }, admin)).message).toBe(
      'CTC and stipend must be whole numbers of rupees above 0',
    );
  });
});

describe('ChangeApplicationStatus away from Accepted', () => {
  it('withdraws the offer after the status change', () => {
    expect(given(applicationDecider, [submitted, changed('Applied', 'Accepted'), extended]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Rejected' }, admin)).toEqual([
      changed('Accepted', 'Rejected'),
      withdrawn,
    ]);
  });
  it('withdraws nothing when no offer is standing', () => {
    expect(given(applicationDecider, [submitted, changed('Applied', 'Accepted'), extended, changed('Accepted', 'Rejected'), withdrawn]).when({ type: 'ChangeApplicationStatus', applicationId, status: 'Applied' }, admin)).toEqual([
      changed('Rejected', 'Applied'),
    ]);
  });
  it('withdraws the offer of a deleted application', () => {
    const events = given(applicationDecider, [submitted, changed('Applied', 'Accepted'), extended]).when({ type: 'DeleteApplication', applicationId }, admin);
    expect(events.map((event) => event.type)).toEqual(['OfferWithdrawn', 'ApplicationDeleted']);
  });
});

describe('SubmitApplication under the placement policy', () => {
  const submit: SubmitApplication = {
    type: 'SubmitApplication',
    ...who,
    jobStatus: 'approved',
    fullName: 'Asha Rao',
    email: 'asha@uni.edu',
    phone: '9876543210',
    resumeKey: 'resumes/s1/cv.pdf',
    eligibility: NO_ELIGIBILITY_CHECK,
  };
  const holdingRegular = [{ applicationId: 'app-0', tier: 'Regular' }];

  it("refuses a Regular job to a student holding an accepted Regular offer, naming the policy's rule", () => {
    const policy = { ...DREAM_POLICY, openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Dream'] }] };
    expect(rejectionOf(() => given(applicationDecider, []).when({ ...submit, placement: { policy, held: holdingRegular, jobTier: 'Regular' } }, student))).toEqual({
      kind: 'conflict',
      message: 'You hold an accepted Regular offer; only Dream jobs are open to you',
      errors: [{ field: 'placement', message: 'You hold an accepted Regular offer; only Dream jobs are open to you' }],
    });
  });
  it('admits the same student to a Dream job', () => {
    expect(given(applicationDecider, []).when({ ...submit, placement: { policy: DREAM_POLICY, held: holdingRegular, jobTier: 'Dream' } }, student)).toHaveLength(1);
  });
  it('refuses every job once the student holds the most offers the policy allows', () => {
    expect(rejectionOf(() => given(applicationDecider, []).when({ ...submit, placement: { policy: DEFAULT_PLACEMENT_POLICY, held: holdingRegular, jobTier: 'Regular' } }, student)).message).toBe(
      'You hold an accepted offer, the most the placement policy allows',
    );
  });
  it('admits a student without offers, and one without a placement check', () => {
    expect(given(applicationDecider, []).when({ ...submit, placement: { policy: DEFAULT_PLACEMENT_POLICY, held: [], jobTier: 'Regular' } }, student)).toHaveLength(1);
    expect(given(applicationDecider, []).when(submit, student)).toHaveLength(1);
  });
});
