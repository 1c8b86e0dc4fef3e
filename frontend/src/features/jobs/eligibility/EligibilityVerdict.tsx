import type { EligibilityVerdict as Verdict } from '../types';
import './eligibility.css';

export const ELIGIBILITY_TEXTS = {
  eligible: 'Eligible',
  notEligible: 'Not eligible',
  overridden: 'You may apply: the placement cell made an exception for you.',
  onlyEligible: 'Only jobs I am eligible for',
} as const;

/**
 * Eligible / Not eligible for the signed-in student, with every rule the profile fails, before they
 * apply. `compact` (the job card) shows the reasons in one line; the detail overlay lists them.
 */
export function EligibilityVerdict({ verdict, compact = false }: { verdict: Verdict | undefined; compact?: boolean }) {
  if (!verdict) return null;
  const eligible = verdict.eligible || verdict.overridden;
  return (
    <div className={`eligibility ${eligible ? 'eligibility--yes' : 'eligibility--no'}`}>
      <span className={`badge ${eligible ? 'badge--success' : 'badge--danger'}`}>{verdict.eligible ? ELIGIBILITY_TEXTS.eligible : ELIGIBILITY_TEXTS.notEligible}</span>
      {verdict.reasons.length > 0 &&
        (compact ? (
          <p className="eligibility__reasons">{verdict.reasons.join('; ')}</p>
        ) : (
          <ul className="eligibility__reasons" aria-label="Why you are not eligible">
            {verdict.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ))}
      {!verdict.eligible && verdict.overridden && <p className="eligibility__override">{ELIGIBILITY_TEXTS.overridden}</p>}
    </div>
  );
}
