import { eligibilityProfileOf, jobDecider, jobStreamId, NO_ELIGIBILITY_RULES, userDecider, userStreamId, type SubmitApplication } from '@placement/domain';
import { loadAggregate, type EventStore } from '@placement/platform';
import { placementCheckOf, placementOf } from '../placement';

/**
 * What the decider needs of the job and the student, read from their own streams (not read models that
 * may lag): the job's status (null when there is no such job), its eligibility rules and any override an
 * admin granted this student, and the student's profile as it stands now.
 */
export async function applyingContext(store: EventStore, jobId: string, studentId: string): Promise<Pick<SubmitApplication, 'jobStatus' | 'eligibility' | 'placement'>> {
  // Every stream read at once: the decision waits for one round trip, not one per stream.
  const [{ state: job }, { state: student }, placed] = await Promise.all([
    loadAggregate(store, jobDecider, jobStreamId(jobId)),
    loadAggregate(store, userDecider, userStreamId(studentId)),
    placementOf(store, studentId),
  ]);
  const profile = eligibilityProfileOf(student.profile);
  // The placement policy in force, the student's accepted offers and the job's tier (issue 16 part 3).
  const placement = placementCheckOf(placed, job);
  if (job.kind !== 'live') return { jobStatus: null, eligibility: { rules: NO_ELIGIBILITY_RULES, profile, overrideReason: null }, placement };
  return { jobStatus: job.status, eligibility: { rules: job.fields.eligibilityRules, profile, overrideReason: job.overrides[studentId] ?? null }, placement };
}
