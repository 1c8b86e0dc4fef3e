import type { ApplicationEvent } from '../applications/events';
import type { JobEvent } from '../jobs/events';
import type { PlacementEvent } from './events';
import { annualCtcOfText, jobTierOf, placementRefusal, type HeldOffer, type PlacementPolicy } from './policy';

/**
 * What-if: the season's events so far replayed under a proposed placement policy, to show an admin which
 * students and applications it would have changed before it is published. Pure: the caller reads the log.
 *
 * Two kinds of change: an application the proposed policy would have refused (its later offer and answer
 * then never happen), and an acceptance it would have refused (the offer is then not held). Refusals of
 * the policy in force leave no event, so what a more lenient policy would have let through is not shown.
 */
export type SeasonEvent = ApplicationEvent | PlacementEvent | JobEvent;

export interface WhatIfChange {
  kind: 'application refused' | 'acceptance refused';
  studentId: string;
  studentName: string;
  applicationId: string;
  jobId: string;
  companyName: string;
  jobTitle: string;
  /** The job's tier under the proposed policy. */
  tier: string;
  /** When it happened in the season (applied or accepted). */
  at: string;
  /** The proposed policy's rule, as the student would have read it. */
  reason: string;
}

export interface WhatIfResult {
  changes: WhatIfChange[];
  /** Each student with a change, once, in the order of their first change. */
  students: Array<{ studentId: string; studentName: string; changes: number }>;
  applicationsRefused: number;
  acceptancesRefused: number;
}

interface JobFacts {
  companyName: string;
  jobTitle: string;
  tier: string | null;
  ctc: number | null;
}

export function whatIf(policy: PlacementPolicy, events: Iterable<SeasonEvent>): WhatIfResult {
  const jobs = new Map<string, JobFacts>();
  const names = new Map<string, string>();
  const held = new Map<string, HeldOffer[]>();
  /** Applications the proposed policy refused: nothing that follows on them happens. */
  const refused = new Set<string>();
  const changes: WhatIfChange[] = [];

  const jobOf = (jobId: string): JobFacts => jobs.get(jobId) ?? { companyName: '', jobTitle: '', tier: null, ctc: null };
  const heldBy = (studentId: string): HeldOffer[] => held.get(studentId) ?? [];
  const change = (kind: WhatIfChange['kind'], ids: { applicationId: string; jobId: string; studentId: string }, tier: string, at: string, reason: string) => {
    const job = jobOf(ids.jobId);
    changes.push({ kind, ...ids, studentName: names.get(ids.studentId) ?? '', companyName: job.companyName, jobTitle: job.jobTitle, tier, at, reason });
  };

  for (const event of events) {
    switch (event.type) {
      case 'JobPosted': {
        const { jobId, companyName, profiles, tier, ctcOrStipend } = event.data;
        jobs.set(jobId, { companyName, jobTitle: profiles, tier: tier ?? null, ctc: annualCtcOfText(ctcOrStipend) });
        break;
      }
      case 'JobEdited': {
        const { jobId, after } = event.data;
        const job = jobOf(jobId);
        jobs.set(jobId, {
          companyName: after.companyName ?? job.companyName,
          jobTitle: after.profiles ?? job.jobTitle,
          tier: after.tier === undefined ? job.tier : after.tier || null,
          ctc: after.ctcOrStipend === undefined ? job.ctc : annualCtcOfText(after.ctcOrStipend),
        });
        break;
      }
      case 'ApplicationSubmitted': {
        const { applicationId, jobId, studentId, fullName, appliedAt } = event.data;
        names.set(studentId, fullName);
        const job = jobOf(jobId);
        const tier = jobTierOf(policy, job);
        const reason = placementRefusal(policy, heldBy(studentId), tier);
        if (reason !== null) {
          refused.add(applicationId);
          change('application refused', { applicationId, jobId, studentId }, tier, appliedAt, reason);
        }
        break;
      }
      case 'ApplicationDeleted':
        refused.delete(event.data.applicationId);
        break;
      case 'OfferAccepted': {
        const { applicationId, jobId, studentId, ctc, acceptedAt } = event.data;
        if (refused.has(applicationId)) break;
        const job = jobOf(jobId);
        const tier = jobTierOf(policy, { tier: job.tier, ctc: ctc ?? job.ctc });
        const reason = placementRefusal(policy, heldBy(studentId), tier);
        if (reason !== null) change('acceptance refused', { applicationId, jobId, studentId }, tier, acceptedAt, reason);
        else held.set(studentId, [...heldBy(studentId), { applicationId, tier }]);
        break;
      }
      case 'OfferWithdrawn': {
        const { studentId, applicationId } = event.data;
        held.set(studentId, heldBy(studentId).filter((offer) => offer.applicationId !== applicationId));
        break;
      }
      default:
        break;
    }
  }

  const students = new Map<string, { studentId: string; studentName: string; changes: number }>();
  for (const { studentId, studentName } of changes) {
    const entry = students.get(studentId) ?? { studentId, studentName, changes: 0 };
    students.set(studentId, { ...entry, changes: entry.changes + 1 });
  }
  return {
    changes,
    students: [...students.values()],
    applicationsRefused: changes.filter((entry) => entry.kind === 'application refused').length,
    acceptancesRefused: changes.filter((entry) => entry.kind === 'acceptance refused').length,
  };
}

/** The event types a what-if run reads of the log. */
export const WHAT_IF_EVENT_TYPES: ReadonlySet<string> = new Set(['JobPosted', 'JobEdited', 'ApplicationSubmitted', 'ApplicationDeleted', 'OfferAccepted', 'OfferWithdrawn']);
