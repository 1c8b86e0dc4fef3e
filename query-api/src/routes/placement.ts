import {
  fold,
  heldOffersOf,
  ownPlacementReplySchema,
  placementDecider,
  placementPolicyReplySchema,
  PLACEMENT_POLICY_STREAM_ID,
  placementStreamId,
  policyOfHistory,
  type PlacementEvent,
  type PlacementPolicyEvent,
} from '@placement/domain';
import { actorOf, toDomainEvents, type RouteSpec } from '@placement/platform';
import type { QueryApiDeps } from '../deps';

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
      responds: { status: 200, description: 'The current policy and its history', schema: placementPolicyReplySchema },
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
      responds: { status: 200, description: 'The policy and the offers held', schema: ownPlacementReplySchema },
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
