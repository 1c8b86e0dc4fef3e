import express, { type Response } from 'express';
import {
  annualCtcOfText,
  applicationDecider,
  applicationStreamId,
  fold,
  heldOffersOf,
  jobDecider,
  jobStreamId,
  jobTierOf,
  offerAnsweredReplySchema,
  PLACEMENT_EVENT_VERSIONS,
  PLACEMENT_MESSAGES,
  PLACEMENT_POLICY_EVENT_VERSIONS,
  PLACEMENT_POLICY_STREAM_ID,
  placementDecider,
  placementPolicyDecider,
  placementStreamId,
  policyOfHistory,
  policyPublishedReplySchema,
  parsePlacementPolicy,
  placementPolicySchema,
  WHAT_IF_EVENT_TYPES,
  whatIf,
  whatIfReplySchema,
  type ApplicationEvent,
  type ApplicationStatus,
  type JobState,
  type OfferJob,
  type OfferTerms,
  type OpenOffer,
  type PlacementCheck,
  type PlacementCommand,
  type PlacementPolicy,
  type PlacementPolicyEvent,
  type SeasonEvent,
} from '@placement/domain';
import { actorOf, badRequest, HttpError, loadAggregate, toDomainEvents, type CommandOutcome, type EventStore, type RecordedEvent, type RouteSpec } from '@placement/platform';
import type { CommandApiDeps } from '../deps';
import { execute, positionOf } from '../execute';

/**
 * Offers and the placement policy on the command side (issue 16 part 3): the policy read from its own
 * stream, the student's accepted offers from their placement stream, and the routes that publish a policy,
 * try one against the season so far (what-if), and answer an offer.
 */

export const OFFER_REPLIES = {
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  published: (version: number) => `Placement policy version ${version} published`,
} as const;

/** The policy in force: the latest published version, or the default before any. */
export async function currentPolicy(store: EventStore): Promise<PlacementPolicy> {
  return policyOfHistory(toDomainEvents<PlacementPolicyEvent>(await store.readStream(PLACEMENT_POLICY_STREAM_ID)));
}

const jobCtcOf = (job: JobState): number | null => (job.kind === 'live' ? annualCtcOfText(job.fields.ctcOrStipend) : null);
const jobMarkingOf = (job: JobState): string | null => (job.kind === 'live' ? (job.fields.tier ?? null) : null);

/** What applying checks of the placement: the policy in force, the student's accepted offers, the job's tier under that policy. */
export async function placementCheckFor(store: EventStore, job: JobState, studentId: string): Promise<PlacementCheck> {
  const [policy, placement] = await Promise.all([currentPolicy(store), loadAggregate(store, placementDecider, placementStreamId(studentId))]);
  const held = heldOffersOf(placement.state);
  return { policy, held, jobTier: jobTierOf(policy, { tier: jobMarkingOf(job), ctc: jobCtcOf(job) }) };
}

/**
 * The job side of an offer: with status Accepted, its company, title and tier under the policy in force
 * (its marking, else the offer's CTC, else the CTC its posting states). Nothing for any other status.
 */
export async function offerJobFor(store: EventStore, applicationId: string, status: ApplicationStatus, offer: OfferTerms | undefined): Promise<{ offer?: OfferTerms; job?: OfferJob }> {
  if (status !== 'Accepted') return {};
  const { state: application } = await loadAggregate(store, applicationDecider, applicationStreamId(applicationId));
  if (application.kind !== 'active') return offer ? { offer } : {};
  const [{ state: job }, policy] = await Promise.all([loadAggregate(store, jobDecider, jobStreamId(application.application.jobId)), currentPolicy(store)]);
  if (job.kind !== 'live') return offer ? { offer } : {};
  const tier = jobTierOf(policy, { tier: jobMarkingOf(job), ctc: offer?.ctc ?? jobCtcOf(job) });
  return { ...(offer ? { offer } : {}), job: { companyName: job.fields.companyName, jobTitle: job.fields.profiles, tier } };
}

/** An accepted offer withdrawn from its application (status left Accepted, or deleted) leaves the student's placement too. */
export async function withdrawFromPlacement(deps: CommandApiDeps, res: Response, outcome: CommandOutcome<ApplicationEvent>): Promise<void> {
  for (const event of outcome.events) {
    if (event.type !== 'OfferWithdrawn') continue;
    const { applicationId, jobId, studentId } = event.data;
    await execute(deps, res, placementCommand(studentId, { type: 'WithdrawAcceptedOffer', applicationId, jobId, studentId }));
  }
}

const placementCommand = (studentId: string, command: PlacementCommand) => ({
  streamId: placementStreamId(studentId),
  decider: placementDecider,
  versions: PLACEMENT_EVENT_VERSIONS,
  command,
});

/** The application's latest offer: extended while the status is Accepted, withdrawn once it left; null when none was made. */
async function openOfferOf(store: EventStore, applicationId: string): Promise<OpenOffer | null> {
  const history = toDomainEvents<ApplicationEvent>(await store.readStream(applicationStreamId(applicationId)));
  const extended = history.findLast((event) => event.type === 'OfferExtended');
  if (!extended || extended.type !== 'OfferExtended') return null;
  const state = fold(applicationDecider, history);
  const standing = state.kind === 'active' && state.application.offer !== undefined;
  const { jobId, studentId, companyName, tier, ctc, stipend, extendedAt } = extended.data;
  return { applicationId, jobId, studentId, companyName, tier, ...(ctc === undefined ? {} : { ctc }), ...(stipend === undefined ? {} : { stipend }), extendedAt, status: standing ? 'extended' : 'withdrawn' };
}

/** Bulk Accepted is refused as a whole: each offer needs its own CTC or stipend (docs/decisions.md). */
export function refuseBulkAccepted(status: ApplicationStatus): void {
  if (status === 'Accepted') throw badRequest(PLACEMENT_MESSAGES.bulkAccepted, [{ field: 'status', message: PLACEMENT_MESSAGES.bulkAccepted }]);
}


/**
 * The season's events a what-if run reads, a batch at a time, in the order they happened: by their time,
 * then by log position (the same order for live events; a backdated load such as the demo season's
 * appends whole streams one after another).
 */
async function seasonEvents(store: EventStore): Promise<SeasonEvent[]> {
  const events: RecordedEvent[] = [];
  const batch = 2000;
  for (let from: number | undefined = undefined; ; ) {
    const page = await store.readAll({ ...(from === undefined ? {} : { fromPosition: from }), maxCount: batch });
    events.push(...page.filter((event) => WHAT_IF_EVENT_TYPES.has(event.type)));
    if (page.length < batch) break;
    from = page.at(-1)!.position;
  }
  const time = (event: RecordedEvent) => Date.parse(event.metadata.occurredAt);
  return toDomainEvents<SeasonEvent>(events.sort((left, right) => time(left) - time(right) || left.position - right.position));
}

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
    res.json({ message: kind === 'AcceptOffer' ? OFFER_REPLIES.accepted : OFFER_REPLIES.declined, applicationId, position: positionOf(res) });
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
        res.status(201).json({ message: OFFER_REPLIES.published(version), version, position: positionOf(res) });
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
