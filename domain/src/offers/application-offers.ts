import type { ApplicationStatus } from '../constants';
import { reject } from '../decider';
import { parseOrReject } from '../schemas-shared';
import type { ApplicationOfferEvent, OfferTerms } from './events';
import { offerTermsSchema, PLACEMENT_MESSAGES } from './policy';
import { z } from 'zod';

/**
 * The offer side of an application's status: Accepted is an offer (its CTC and/or stipend, and the job's
 * tier), and leaving Accepted withdraws it. The application decider calls these; they stay pure.
 */

/** What the command side read of the job for an offer: its company, its title, and its tier under the current policy. */
export interface OfferJob {
  companyName: string;
  jobTitle: string;
  tier: string;
}

/** The offer an application holds while its status is Accepted. */
export interface ActiveOffer extends OfferTerms {
  tier: string;
  companyName: string;
  extendedAt: string;
}

const offerOfCommand = z.object({ offer: offerTermsSchema });

/** The terms a change to `status` carries: required for Accepted, refused with any other status. */
export function offerFor(status: ApplicationStatus, input: unknown): OfferTerms | undefined {
  if (status !== 'Accepted') return undefined;
  if (input === undefined || input === null) return reject('invalid', PLACEMENT_MESSAGES.offerRequired, [{ field: 'offer', message: PLACEMENT_MESSAGES.offerRequired }]);
  return parseOrReject(offerOfCommand, { offer: input }).offer;
}

/** The offer events that follow an ApplicationStatusChanged from an application holding `current` to `status`. */
export function offerEventsOf(
  change: { applicationId: string; jobId: string; studentId: string; status: ApplicationStatus; terms: OfferTerms | undefined; job: OfferJob | undefined; current: ActiveOffer | undefined },
  now: Date,
): ApplicationOfferEvent[] {
  const { applicationId, jobId, studentId } = change;
  if (change.status !== 'Accepted') return change.current ? [{ type: 'OfferWithdrawn', data: { applicationId, jobId, studentId, withdrawnAt: now.toISOString() } }] : [];
  if (!change.job) return reject('not_found', 'Job not found');
  const { companyName, jobTitle, tier } = change.job;
  return [{ type: 'OfferExtended', data: { applicationId, jobId, studentId, companyName, jobTitle, tier, ...change.terms, extendedAt: now.toISOString() } }];
}

/** The application's offer after one of its offer events. */
export function activeOfferAfter(event: ApplicationOfferEvent): ActiveOffer | undefined {
  if (event.type === 'OfferWithdrawn') return undefined;
  const { tier, companyName, ctc, stipend, extendedAt } = event.data;
  return { tier, companyName, ...(ctc === undefined ? {} : { ctc }), ...(stipend === undefined ? {} : { stipend }), extendedAt };
}
