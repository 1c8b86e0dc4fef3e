import type { Upcasters } from '../upcast';
import { rulesOrNone, type EligibilityRules } from './eligibility';

/**
 * JobPosted at version 2 always carries the job's eligibility rules. Version 1 events were written
 * before rules existed (none) or, later, with rules that may lack the newer ones (none of those).
 */
export const JOB_UPCASTERS: Upcasters = {
  JobPosted: {
    1: (v1: { eligibilityRules?: Partial<EligibilityRules> | null }) => ({ ...v1, eligibilityRules: rulesOrNone(v1.eligibilityRules as EligibilityRules | null | undefined) }),
  },
};
