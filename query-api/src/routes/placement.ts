import { fold, heldOffersOf, PLACEMENT_POLICY_STREAM_ID, placementDecider, placementStreamId, policyOfHistory, type PlacementEvent, type PlacementPolicyEvent } from '@placement/domain';
import { actorOf, toDomainEvents, type RouteSpec } from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

const tierSchema = z.object({ name: z.string(), minCtc: z.number().optional() });
const ruleSchema = z.object({ heldTier: z.string(), mayApplyTo: z.array(z.string()) });
const versionSchema = z.object({
  version: z.number(),
  tiers: z.array(tierSchema),
  maxAcceptedOffers: z.number(),
  openTiersAfterAcceptance: z.array(ruleSchema),
  publishedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
const policyReplySchema = z.object({ current: versionSchema, history: z.array(versionSchema) });
const mineReplySchema = z.object({
  policy: versionSchema.pick({ version: true, tiers: true, maxAcceptedOffers: true, openTiersAfterAcceptance: true }),
  held: z.array(z.object({ applicationId: z.string(), tier: z.string() })),
});

/**
 * The placement policy as admins see it: the version in force (version 0, the default, before any publish)
 * and every published version, newest first. Read from the policy's own stream, as the audit views read
 * theirs: a handful of events, one per publish (docs/decisions.md).
 */
export function placementRoutes(deps: QueryApiDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      paths: ['/api/placement-policy'],
      action: 'placementPolicy.read',
      summary: 'The placement policy in force and every published version, newest first',
      tags: ['placement'],
      responds: { status: 200, description: 'The current policy and its history', schema: policyReplySchema },
      handler: async (_req, res) => {
        const events = toDomainEvents<PlacementPolicyEvent>(await deps.store.readStream(PLACEMENT_POLICY_STREAM_ID));
        const history = events.map((event) => event.data).reverse();
        const current = history[0] ?? { ...policyOfHistory([]), publishedBy: null, publishedAt: null };
        res.json({ current, history });
      },
    },
    {
      method: 'get',
      paths: ['/api/placement/mine'],
      action: 'placement.readOwn',
      summary: "The signed-in student's accepted offers (not withdrawn) and the policy in force, from their streams: the job screens work out which jobs stay open",
      tags: ['placement'],
      responds: { status: 200, description: 'The policy and the offers held', schema: mineReplySchema },
      handler: async (_req, res) => {
        const [policyEvents, placementEvents] = await Promise.all([
          deps.store.readStream(PLACEMENT_POLICY_STREAM_ID),
          deps.store.readStream(placementStreamId(actorOf(res).id!)),
        ]);
        const policy = policyOfHistory(toDomainEvents<PlacementPolicyEvent>(policyEvents));
        res.json({ policy, held: heldOffersOf(fold(placementDecider, toDomainEvents<PlacementEvent>(placementEvents))) });
      },
    },
  ];
}
