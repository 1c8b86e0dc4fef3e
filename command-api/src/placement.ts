import type { Response } from 'express';
import {
  annualCtcOfText,
  applicationDecider,
  applicationStreamId,
  heldOffersOf,
  jobDecider,
  jobStreamId,
  jobTierOf,
  PLACEMENT_EVENT_VERSIONS,
  PLACEMENT_MESSAGES,
  PLACEMENT_POLICY_STREAM_ID,
  placementDecider,
  placementStreamId,
  policyOfHistory,
  type ApplicationEvent,
  type ApplicationState,
  type ApplicationStatus,
  type JobState,
  type OfferJob,
  type OfferTerms,
  type PlacementCheck,
  type PlacementCommand,
  type PlacementPolicy,
  type PlacementPolicyEvent,
  type PlacementState,
} from '@placement/domain';
import { badRequest, loadAggregate, toDomainEvents, type CommandOutcome, type EventStore } from '@placement/platform';
import type { CommandApiDeps } from './deps';
import { execute } from './execute';

/**
 * The placement as the application and offer commands need it (issue 16 part 3): the policy read from
 * its own stream, the student's accepted offers from their placement stream, an offer's job side, and
 * the placement command an application's withdrawn offer leads to. Shared by `applications/` and `offers/`.
 */

/** The policy in force: the latest published version, or the default before any. */
export async function currentPolicy(store: EventStore): Promise<PlacementPolicy> {
  return policyOfHistory(toDomainEvents<PlacementPolicyEvent>(await store.readStream(PLACEMENT_POLICY_STREAM_ID)));
}

const jobCtcOf = (job: JobState): number | null => (job.kind === 'live' ? annualCtcOfText(job.fields.ctcOrStipend) : null);
const jobMarkingOf = (job: JobState): string | null => (job.kind === 'live' ? (job.fields.tier ?? null) : null);

/** The student's placement as applying reads it: the policy in force and their placement stream (read at once, side by side). */
export async function placementOf(store: EventStore, studentId: string): Promise<{ policy: PlacementPolicy; placement: PlacementState }> {
  const [policy, placement] = await Promise.all([currentPolicy(store), loadAggregate(store, placementDecider, placementStreamId(studentId))]);
  return { policy, placement: placement.state };
}

/** What applying checks of the placement: the policy in force, the student's accepted offers, the job's tier under that policy. */
export function placementCheckOf({ policy, placement }: { policy: PlacementPolicy; placement: PlacementState }, job: JobState): PlacementCheck {
  return { policy, held: heldOffersOf(placement), jobTier: jobTierOf(policy, { tier: jobMarkingOf(job), ctc: jobCtcOf(job) }) };
}

/** `placementCheckOf` with the placement read first. */
export async function placementCheckFor(store: EventStore, job: JobState, studentId: string): Promise<PlacementCheck> {
  return placementCheckOf(await placementOf(store, studentId), job);
}

/**
 * The job side of an offer: with status Accepted, its company, title and tier under the policy in force
 * (its marking, else the offer's CTC, else the CTC its posting states). Nothing for any other status.
 * `application` is the application as the caller read it (read here when absent).
 */
export async function offerJobFor(
  store: EventStore,
  applicationId: string,
  status: ApplicationStatus,
  offer: OfferTerms | undefined,
  application?: ApplicationState,
): Promise<{ offer?: OfferTerms; job?: OfferJob }> {
  if (status !== 'Accepted') return {};
  application ??= (await loadAggregate(store, applicationDecider, applicationStreamId(applicationId))).state;
  if (application.kind !== 'active') return offer ? { offer } : {};
  const [{ state: job }, policy] = await Promise.all([loadAggregate(store, jobDecider, jobStreamId(application.application.jobId)), currentPolicy(store)]);
  if (job.kind !== 'live') return offer ? { offer } : {};
  const tier = jobTierOf(policy, { tier: jobMarkingOf(job), ctc: offer?.ctc ?? jobCtcOf(job) });
  return { ...(offer ? { offer } : {}), job: { companyName: job.fields.companyName, jobTitle: job.fields.profiles, tier } };
}

/** A command on a student's placement stream. */
export const placementCommand = (studentId: string, command: PlacementCommand) => ({
  streamId: placementStreamId(studentId),
  decider: placementDecider,
  versions: PLACEMENT_EVENT_VERSIONS,
  command,
});

/** An accepted offer withdrawn from its application (status left Accepted, or deleted) leaves the student's placement too. */
export async function withdrawFromPlacement(deps: CommandApiDeps, res: Response, outcome: CommandOutcome<ApplicationEvent>): Promise<void> {
  for (const event of outcome.events) {
    if (event.type !== 'OfferWithdrawn') continue;
    const { applicationId, jobId, studentId } = event.data;
    await execute(deps, res, placementCommand(studentId, { type: 'WithdrawAcceptedOffer', applicationId, jobId, studentId }));
  }
}

/** Bulk Accepted is refused as a whole: each offer needs its own CTC or stipend (docs/decisions.md). */
export function refuseBulkAccepted(status: ApplicationStatus): void {
  if (status === 'Accepted') throw badRequest(PLACEMENT_MESSAGES.bulkAccepted, [{ field: 'status', message: PLACEMENT_MESSAGES.bulkAccepted }]);
}
