import type { PlacementPolicy } from './policy';

/** Regular below 10 LPA, Dream from 10, Super Dream from 20; two offers; Regular leaves Dream and Super Dream open, Dream leaves Super Dream. */
export const DREAM_POLICY: PlacementPolicy = {
  version: 1,
  tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: 1_000_000 }, { name: 'Super Dream', minCtc: 2_000_000 }],
  maxAcceptedOffers: 2,
  openTiersAfterAcceptance: [
    { heldTier: 'Regular', mayApplyTo: ['Dream', 'Super Dream'] },
    { heldTier: 'Dream', mayApplyTo: ['Super Dream'] },
  ],
};
