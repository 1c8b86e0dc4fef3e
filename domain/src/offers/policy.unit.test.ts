import { given } from '../decider';
import { contextAs, rejectionOf, TEST_NOW } from '../schemas-shared/test-support';
import {
  annualCtcOfText,
  DEFAULT_PLACEMENT_POLICY,
  jobTierOf,
  offerTermsSchema,
  openTiersFor,
  placementPolicyDecider,
  placementRefusal,
  policyOfHistory,
} from './policy';
import { DREAM_POLICY } from './test-fixtures';

const regular = { applicationId: 'a1', tier: 'Regular' };
const dream = { applicationId: 'a2', tier: 'Dream' };

describe('jobTierOf', () => {
  it('takes the highest tier whose minimum CTC the CTC reaches', () => {
    expect(jobTierOf(DREAM_POLICY, { ctc: 600_000 })).toBe('Regular');
    expect(jobTierOf(DREAM_POLICY, { ctc: 1_000_000 })).toBe('Dream');
    expect(jobTierOf(DREAM_POLICY, { ctc: 2_500_000 })).toBe('Super Dream');
  });
  it("takes the job's tier marking over its CTC", () => {
    expect(jobTierOf(DREAM_POLICY, { tier: 'Dream', ctc: 400_000 })).toBe('Dream');
  });
  it('ignores a marking the policy has no tier for, and gives a job without a CTC the lowest tier', () => {
    expect(jobTierOf(DREAM_POLICY, { tier: 'Platinum', ctc: 2_500_000 })).toBe('Super Dream');
    expect(jobTierOf(DREAM_POLICY, { ctc: null })).toBe('Regular');
  });
});

describe('annualCtcOfText', () => {
  it.each([
    ['12 LPA', 1_200_000],
    ['12.5 LPA', 1_250_000],
    ['6-8 lakhs', 600_000],
    ['Rs. 8,00,000 per annum', 800_000],
    ['Rs. 25,000 per month', null],
    ['As per industry', null],
  ])('%s is %p', (text, ctc) => expect(annualCtcOfText(text)).toBe(ctc));
});

describe('placementRefusal', () => {
  it('refuses nobody who holds no offer', () => {
    expect(placementRefusal(DEFAULT_PLACEMENT_POLICY, [], 'Regular')).toBeNull();
  });
  it("names the open tiers after an accepted offer: 'You hold an accepted Regular offer; only Dream and Super Dream jobs are open to you'", () => {
    expect(placementRefusal(DREAM_POLICY, [regular], 'Regular')).toBe('You hold an accepted Regular offer; only Dream and Super Dream jobs are open to you');
    expect(placementRefusal(DREAM_POLICY, [regular], 'Dream')).toBeNull();
  });
  it("names the one open tier: 'You hold an accepted Regular offer; only Dream jobs are open to you'", () => {
    const policy = { ...DREAM_POLICY, openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Dream'] }] };
    expect(placementRefusal(policy, [regular], 'Super Dream')).toBe('You hold an accepted Regular offer; only Dream jobs are open to you');
  });
  it('says no jobs are open when the held tier has no rule', () => {
    expect(placementRefusal({ ...DREAM_POLICY, maxAcceptedOffers: 3 }, [{ applicationId: 'a3', tier: 'Super Dream' }], 'Super Dream')).toBe(
      'You hold an accepted Super Dream offer; no jobs are open to you',
    );
  });
  it('refuses at the most offers the policy allows, before looking at tiers', () => {
    expect(placementRefusal(DEFAULT_PLACEMENT_POLICY, [regular], 'Regular')).toBe('You hold an accepted offer, the most the placement policy allows');
    expect(placementRefusal(DREAM_POLICY, [regular, dream], 'Super Dream')).toBe('You hold 2 accepted offers, the most the placement policy allows');
  });
  it('narrows the open tiers by every held offer', () => {
    const policy = { ...DREAM_POLICY, maxAcceptedOffers: 3 };
    expect(openTiersFor(policy, [regular, dream])).toEqual(['Super Dream']);
    expect(placementRefusal(policy, [regular, dream], 'Dream')).toBe('You hold accepted Regular and Dream offers; only Super Dream jobs are open to you');
  });
});

describe('offerTermsSchema', () => {
  it('needs a CTC or a stipend, as whole rupees above 0', () => {
    expect(offerTermsSchema.parse({ ctc: '12,00,000' })).toEqual({ ctc: 1_200_000 });
    expect(offerTermsSchema.parse({ stipend: 25000, ctc: '' })).toEqual({ stipend: 25000 });
    expect(offerTermsSchema.safeParse({}).error?.issues[0]?.message).toBe('An offer needs its CTC or stipend');
    expect(offerTermsSchema.safeParse({ ctc: -5 }).error?.issues[0]?.message).toBe('CTC and stipend must be whole numbers of rupees above 0');
  });
});

describe('PublishPlacementPolicy', () => {
  const admin = contextAs('admin', 'admin-1');
  const form = { tiers: DREAM_POLICY.tiers, maxAcceptedOffers: '2', openTiersAfterAcceptance: DREAM_POLICY.openTiersAfterAcceptance };
  const published = (version: number) => ({
    type: 'PlacementPolicyPublished' as const,
    data: { version, tiers: DREAM_POLICY.tiers, maxAcceptedOffers: 2, openTiersAfterAcceptance: DREAM_POLICY.openTiersAfterAcceptance, publishedBy: 'admin-1', publishedAt: TEST_NOW.toISOString() },
  });

  it('publishes version 1 first, then the next version', () => {
    expect(given(placementPolicyDecider, []).when({ type: 'PublishPlacementPolicy', policy: form }, admin)).toEqual([published(1)]);
    expect(given(placementPolicyDecider, [published(1)]).when({ type: 'PublishPlacementPolicy', policy: form }, admin)).toEqual([published(2)]);
  });
  it('reads the current policy from the history, the default before any publish', () => {
    expect(policyOfHistory([])).toEqual(DEFAULT_PLACEMENT_POLICY);
    expect(policyOfHistory([published(1)])).toEqual(DREAM_POLICY);
  });
  it('is for admins only', () => {
    expect(rejectionOf(() => given(placementPolicyDecider, []).when({ type: 'PublishPlacementPolicy', policy: form }, contextAs('staff')))).toMatchObject({
      kind: 'forbidden',
    });
  });
  it.each([
    [{ ...form, tiers: [] }, 'A policy needs at least one tier'],
    [{ ...form, tiers: [{ name: 'Regular' }, { name: 'Regular' }] }, 'Tier names must be different'],
    [{ ...form, tiers: [{ name: 'A', minCtc: 500 }, { name: 'B', minCtc: 400 }], openTiersAfterAcceptance: [] }, 'Minimum CTCs must rise from the first tier to the last'],
    [{ ...form, maxAcceptedOffers: 0 }, 'Offers a student may hold must be a whole number of at least 1'],
    [{ ...form, openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Platinum'] }] }, "Platinum is not one of the policy's tiers"],
    [{ ...form, tiers: [{ name: ' ' }] }, 'Every tier needs a name'],
  ])('refuses a policy: %#', (policy, message) => {
    expect(rejectionOf(() => given(placementPolicyDecider, []).when({ type: 'PublishPlacementPolicy', policy }, admin)).message).toBe(message);
  });
});
