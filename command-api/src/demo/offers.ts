import {
  annualCtcOfText,
  DEFAULT_PLACEMENT_POLICY,
  jobTierOf,
  PLACEMENT_EVENT_VERSIONS,
  placementDecider,
  placementStreamId,
  type Actor,
  type OfferJob,
  type OfferTerms,
  type OpenOffer,
  type PlacementCommand,
} from '@placement/domain';
import { applicationIdOf } from '../applications/requests';
import type { Season, SeasonApplication, SeasonJob } from './season';
import { streamPlan, type AnyStreamPlan, type PlannedStep } from './streams';

/**
 * The demo season's offers (issue 16 part 3): each Accepted application is an offer of the job's CTC (or
 * its monthly stipend) under the default policy's tiers, and each student with offers accepts the first
 * and declines the rest, as one accepted offer per student allows.
 */

const HOUR = 3_600_000;

/** The job's form as it stood at `at` (an admin's later edit counts from its time). */
const formAt = (job: SeasonJob, at: Date) => (job.edit && job.edit.at.getTime() <= at.getTime() ? job.edit.form : job.form);

/** 'Rs. 25,000 per month' → 25000. */
const monthlyOf = (text: string): number | null => {
  const amount = /\d[\d,]*/.exec(text);
  return amount ? Number(amount[0].replace(/,/g, '')) : null;
};

/** The offer terms and job an Accepted change carries; nothing for any other status. */
export function demoOffer(job: SeasonJob, change: { status: string; at: Date }): { offer?: OfferTerms; job?: OfferJob } {
  if (change.status !== 'Accepted') return {};
  const form = formAt(job, change.at);
  const text = String(form.ctcOrStipend ?? '');
  const ctc = annualCtcOfText(text);
  const offer: OfferTerms = ctc !== null ? { ctc } : { stipend: monthlyOf(text) ?? 10_000 };
  const tier = jobTierOf(DEFAULT_PLACEMENT_POLICY, { tier: form.tier ?? null, ctc });
  return { offer, job: { companyName: String(form.companyName), jobTitle: String(form.profiles), tier } };
}

interface SeasonOffer {
  application: SeasonApplication;
  applicationId: string;
  offer: OpenOffer;
}

/** Every offer of the season, earliest first. */
export function seasonOffers(season: Season): SeasonOffer[] {
  return season.applications
    .flatMap((application) => {
      const accepted = application.changes.find((change) => change.status === 'Accepted');
      if (!accepted) return [];
      const student = season.students[application.student]!;
      const job = season.jobs[application.job]!;
      const applicationId = applicationIdOf(student.userId, job.jobId);
      const { offer, job: offered } = demoOffer(job, accepted);
      const open: OpenOffer = { applicationId, jobId: job.jobId, studentId: student.userId, companyName: offered!.companyName, tier: offered!.tier, ...offer, extendedAt: accepted.at.toISOString(), status: 'extended' };
      return [{ application, applicationId, offer: open }];
    })
    .sort((left, right) => left.offer.extendedAt.localeCompare(right.offer.extendedAt));
}

/** When a student answers an offer: six hours after it, and never after the season's end. */
export const answeredAt = (season: Season, offer: OpenOffer): Date => new Date(Math.min(Date.parse(offer.extendedAt) + 6 * HOUR, season.now.getTime() - 5 * 60_000));

/** Each student's placement stream: the first offer accepted, later ones declined. */
export function placementPlans(season: Season): AnyStreamPlan[] {
  const byStudent = new Map<string, SeasonOffer[]>();
  for (const entry of seasonOffers(season)) byStudent.set(entry.offer.studentId, [...(byStudent.get(entry.offer.studentId) ?? []), entry]);
  return [...byStudent.entries()].map(([studentId, offers]) => {
    const actor: Actor = { id: studentId, role: 'student' };
    const steps: PlannedStep<PlacementCommand>[] = offers.map(({ applicationId, offer }, index) => ({
      command: index === 0 ? { type: 'AcceptOffer', applicationId, offer, policy: DEFAULT_PLACEMENT_POLICY } : { type: 'DeclineOffer', applicationId, offer },
      at: answeredAt(season, offer),
      actor,
    }));
    return streamPlan({ kind: 'placement', streamId: placementStreamId(studentId), decider: placementDecider, versions: PLACEMENT_EVENT_VERSIONS, steps });
  });
}
