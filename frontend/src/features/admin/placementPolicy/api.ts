import type { OpenTiersRule, PlacementPolicyReply, PolicyPublishedReply, PolicyVersion, WhatIfResult } from '@placement/domain';
import { http } from '../../../shared/api/http';

/** One version of the placement policy as the query side gives it (version 0 is the default before any publish): the domain's contract. */
export type { PolicyVersion };

export interface PolicyForm {
  tiers: Array<{ name: string; minCtc: string }>;
  maxAcceptedOffers: string;
  openTiersAfterAcceptance: OpenTiersRule[];
}

export const placementPolicyApi = {
  current: () => http.get<PlacementPolicyReply>('/api/placement-policy'),
  whatIf: (policy: unknown) => http.post<WhatIfResult>('/api/placement-policy/what-if', policy),
  publish: (policy: unknown) => http.post<PolicyPublishedReply>('/api/placement-policy', policy),
};
