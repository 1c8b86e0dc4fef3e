import { z } from 'zod';
import { positionSchema } from '../schemas-shared/replies';

/**
 * The placement reply contracts: what the placement policy and placement routes answer. The routes
 * declare them (validated under REPLY_CONTRACTS=enforce and documented in the API description); the
 * frontend's types are their z.infer.
 */

const policyTierSchema = z.strictObject({ name: z.string(), minCtc: z.number().optional() });
const openTiersRuleSchema = z.strictObject({ heldTier: z.string(), mayApplyTo: z.array(z.string()) });

/** One version of the placement policy, with who published it and when (null for the default, version 0). */
export const policyVersionSchema = z.strictObject({
  version: z.number(),
  tiers: z.array(policyTierSchema),
  maxAcceptedOffers: z.number(),
  openTiersAfterAcceptance: z.array(openTiersRuleSchema),
  publishedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type PolicyVersion = z.infer<typeof policyVersionSchema>;

/** GET /api/placement-policy: the version in force and every published version, newest first. */
export const placementPolicyReplySchema = z.strictObject({ current: policyVersionSchema, history: z.array(policyVersionSchema) });
export type PlacementPolicyReply = z.infer<typeof placementPolicyReplySchema>;

/** GET /api/placement/mine: the policy in force and the student's accepted offers (not withdrawn). */
export const ownPlacementReplySchema = z.strictObject({
  policy: policyVersionSchema.pick({ version: true, tiers: true, maxAcceptedOffers: true, openTiersAfterAcceptance: true }),
  held: z.array(z.strictObject({ applicationId: z.string(), tier: z.string() })),
});
export type OwnPlacementReply = z.infer<typeof ownPlacementReplySchema>;

/** POST /api/placement-policy: the version just published. */
export const policyPublishedReplySchema = z.strictObject({ message: z.string(), version: z.number().int(), position: positionSchema });
export type PolicyPublishedReply = z.infer<typeof policyPublishedReplySchema>;

/** POST /api/applications/{id}/offer/accept and .../decline: the application whose offer was answered. */
export const offerAnsweredReplySchema = z.strictObject({ message: z.string(), applicationId: z.string(), position: positionSchema });
export type OfferAnsweredReply = z.infer<typeof offerAnsweredReplySchema>;

const whatIfChangeSchema = z.strictObject({
  kind: z.enum(['application refused', 'acceptance refused']),
  studentId: z.string(),
  studentName: z.string(),
  applicationId: z.string(),
  jobId: z.string(),
  companyName: z.string(),
  jobTitle: z.string(),
  tier: z.string(),
  at: z.string(),
  reason: z.string(),
});

/** POST /api/placement-policy/what-if: what the proposed policy would have refused so far this season, and the students concerned (nothing is written). */
export const whatIfReplySchema = z.strictObject({
  changes: z.array(whatIfChangeSchema),
  students: z.array(z.strictObject({ studentId: z.string(), studentName: z.string(), changes: z.number().int() })),
  applicationsRefused: z.number().int(),
  acceptancesRefused: z.number().int(),
});
export type WhatIfReply = z.infer<typeof whatIfReplySchema>;
