import express, { type Response } from 'express';
import {
  offerAnsweredReplySchema,
  PLACEMENT_MESSAGES,
  PLACEMENT_POLICY_EVENT_VERSIONS,
  PLACEMENT_POLICY_STREAM_ID,
  placementPolicyDecider,
  policyPublishedReplySchema,
  parsePlacementPolicy,
  placementPolicySchema,
  whatIf,
  whatIfReplySchema,
  type PlacementCommand,
  type PlacementPolicyEvent,
} from '@placement/domain';
import { actorOf, HttpError, type RouteSpec } from '@placement/platform';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf } from '../execute';
import { currentPolicy, placementCommand } from '../placement';
import { openOfferOf, seasonEvents } from './context';
import { offerAnsweredView, policyPublishedView } from './views';

/** Offers and the placement policy on the command side (issue 16 part 3): publish a policy, try one against the season so far (what-if), answer an offer. */
export function offerRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: '64kb' });
  const answer = (kind: 'AcceptOffer' | 'DeclineOffer') => async (req: express.Request, res: Response) => {
    const applicationId = String(req.params.id);
    const [offer, policy] = await Promise.all([openOfferOf(deps.store, applicationId), currentPolicy(deps.store)]);
    // The decider refuses another student's application; the stream is the caller's own placement.
    const studentId = offer?.studentId ?? actorOf(res).id ?? '';
    const command: PlacementCommand = kind === 'AcceptOffer' ? { type: kind, applicationId, offer, policy } : { type: kind, applicationId, offer };
    await execute(deps, res, placementCommand(studentId, command));
    // An admin may have moved the application away from Accepted after we read it and before our append:
    // their withdrawal then found nothing accepted on the placement, so this acceptance withdraws itself.
    if (offer && kind === 'AcceptOffer') {
      const now = await openOfferOf(deps.store, applicationId);
      if (now?.status !== 'extended' || now.extendedAt !== offer.extendedAt) {
        await execute(deps, res, placementCommand(studentId, { type: 'WithdrawAcceptedOffer', applicationId, jobId: offer.jobId, studentId }));
        throw new HttpError(409, PLACEMENT_MESSAGES.offerWithdrawn);
      }
    }
    res.json(offerAnsweredView(kind, applicationId, positionOf(res)));
  };

  return [
    {
      method: 'post',
      paths: ['/api/placement-policy'],
      action: 'placementPolicy.publish',
      summary: 'Publish the next version of the placement policy (tiers, accepted offers a student may hold, tiers open after an accepted offer)',
      tags: ['placement'],
      before: [json],
      body: placementPolicySchema,
      responds: { status: 201, description: 'Published', schema: policyPublishedReplySchema },
      handler: async (req, res) => {
        const outcome = await execute(deps, res, { streamId: PLACEMENT_POLICY_STREAM_ID, decider: placementPolicyDecider, versions: PLACEMENT_POLICY_EVENT_VERSIONS, command: { type: 'PublishPlacementPolicy', policy: req.body } });
        const version = (outcome.events[0] as PlacementPolicyEvent).data.version;
        res.status(201).json(policyPublishedView(version, positionOf(res)));
      },
    },
    {
      method: 'post',
      paths: ['/api/placement-policy/what-if'],
      action: 'placementPolicy.whatIf',
      summary: "Replay the season's events so far under a proposed policy: the applications and acceptances it would have refused, and the students concerned (nothing is written)",
      tags: ['placement'],
      before: [json],
      body: placementPolicySchema,
      responds: { status: 200, description: 'The changes the proposed policy would have made', schema: whatIfReplySchema },
      handler: async (req, res) => {
        const proposed = { version: 0, ...parsePlacementPolicy(req.body) };
        res.json(whatIf(proposed, await seasonEvents(deps.store)));
      },
    },
    {
      method: 'post',
      paths: ['/api/applications/:id/offer/accept'],
      action: 'offers.answer',
      summary: "Accept the offer on one's own application, under the placement policy in force",
      tags: ['placement'],
      responds: { status: 200, description: 'Accepted', schema: offerAnsweredReplySchema },
      handler: answer('AcceptOffer'),
    },
    {
      method: 'post',
      paths: ['/api/applications/:id/offer/decline'],
      action: 'offers.answer',
      summary: "Decline the offer on one's own application",
      tags: ['placement'],
      responds: { status: 200, description: 'Declined', schema: offerAnsweredReplySchema },
      handler: answer('DeclineOffer'),
    },
  ];
}
