import { PLACEMENT_POLICY_STREAM_ID, policyOfHistory, type PlacementPolicyEvent } from '@placement/domain';
import { toDomainEvents, type RouteSpec } from '@placement/platform';
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
  ];
}
