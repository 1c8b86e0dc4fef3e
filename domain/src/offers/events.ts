import type { DomainEvent } from '../decider';

/**
 * Offers and the placement policy (issue 16 part 3), as fixed by the season's shared event contract.
 * Amounts are in INR: `ctc` annual, `stipend` monthly; an offer carries at least one of them.
 */
export interface OfferTerms {
  ctc?: number;
  stipend?: number;
}

/** On the application stream, in the same append as the ApplicationStatusChanged to Accepted before it. */
export type OfferExtended = DomainEvent<
  'OfferExtended',
  OfferTerms & { applicationId: string; jobId: string; studentId: string; companyName: string; jobTitle: string; tier: string; extendedAt: string }
>;

/**
 * A status change away from Accepted, on the application stream; an offer the student had accepted
 * also gets one on the student's placement stream.
 */
export type OfferWithdrawn = DomainEvent<'OfferWithdrawn', { applicationId: string; jobId: string; studentId: string; withdrawnAt: string }>;

/** The student's answers, on `placement-<studentId>` (appended at an expected revision). */
export type OfferAccepted = DomainEvent<
  'OfferAccepted',
  OfferTerms & { applicationId: string; jobId: string; studentId: string; companyName: string; tier: string; acceptedAt: string }
>;
export type OfferDeclined = DomainEvent<'OfferDeclined', { applicationId: string; jobId: string; studentId: string; declinedAt: string }>;

/** The offer events of an application's stream. */
export type ApplicationOfferEvent = OfferExtended | OfferWithdrawn;

/** The events of a student's placement stream. */
export type PlacementEvent = OfferAccepted | OfferDeclined | OfferWithdrawn;

export const PLACEMENT_EVENT_VERSIONS = {
  OfferAccepted: 1,
  OfferDeclined: 1,
  OfferWithdrawn: 1,
} as const satisfies Record<PlacementEvent['type'], number>;

export const placementStreamId = (studentId: string): string => `placement-${studentId}`;

/** A tier of jobs; with `minCtc`, a job whose annual CTC reaches it is of this tier (unless the job is marked with a tier). */
export interface PolicyTier {
  name: string;
  minCtc?: number;
}

/** After an accepted offer of `heldTier`, the student may still apply to jobs of `mayApplyTo` (none when empty). */
export interface OpenTiersRule {
  heldTier: string;
  mayApplyTo: string[];
}

/** One version of the placement policy; the latest published is the current one. */
export type PlacementPolicyPublished = DomainEvent<
  'PlacementPolicyPublished',
  { version: number; tiers: PolicyTier[]; maxAcceptedOffers: number; openTiersAfterAcceptance: OpenTiersRule[]; publishedBy: string; publishedAt: string }
>;

export type PlacementPolicyEvent = PlacementPolicyPublished;

export const PLACEMENT_POLICY_EVENT_VERSIONS = {
  PlacementPolicyPublished: 1,
} as const satisfies Record<PlacementPolicyEvent['type'], number>;

export const PLACEMENT_POLICY_STREAM_ID = 'placement-policy';
