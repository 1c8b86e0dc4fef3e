import { annualCtcOfText, jobTierOf, placementRefusal } from '@placement/domain';
import type { MyPlacement } from './usePlacement';
import './placement.css';

/** The placement policy's verdict on one job for a student who holds accepted offers; nothing for anyone else. */
export function placementRefusalFor(placement: MyPlacement | null, job: { tier?: string | null; ctcOrStipend?: string | null }): string | null {
  if (!placement || placement.held.length === 0) return null;
  const tier = jobTierOf(placement.policy, { tier: job.tier ?? null, ctc: annualCtcOfText(job.ctcOrStipend ?? '') });
  return placementRefusal(placement.policy, placement.held, tier);
}

/** 'Closed by the placement policy' with the policy's rule, as applying would refuse it (issue 16 part 3). */
export function PlacementVerdict({ placement, job }: { placement: MyPlacement | null; job: { tier?: string | null; ctcOrStipend?: string | null } }) {
  const refusal = placementRefusalFor(placement, job);
  if (refusal === null) return null;
  return (
    <div className="placement-verdict">
      <span className="badge badge--danger">Closed by the placement policy</span>
      <p className="placement-verdict__reason">{refusal}</p>
    </div>
  );
}
