import { z } from 'zod';

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
