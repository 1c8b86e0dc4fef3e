import type { CommandMessageReply, SecondFactorEnrolledReply, SecondFactorRequirementReply, SecondFactorSetupReply, SecondFactorStatus } from '@placement/domain';
import { http } from '../../../shared/api/http';

/** The signed-in admin's or staff member's second factor, and whether the portal requires one (the domain's contract). */
export type { SecondFactorStatus };

/** Second-factor calls of the admin and staff panel (docs/decisions.md, second factor). */
export const securityApi = {
  status: () => http.get<SecondFactorStatus>('/api/auth/second-factor'),
  setup: () => http.post<SecondFactorSetupReply>('/api/auth/second-factor/setup', {}),
  confirm: (code: string) => http.post<SecondFactorEnrolledReply>('/api/auth/second-factor/confirm', { code }),
  setRequired: (secondFactorRequired: boolean) => http.put<SecondFactorRequirementReply>('/api/admin/settings/security', { secondFactorRequired }),
  resetUser: (userId: string) => http.post<CommandMessageReply>(`/api/admin/users/${encodeURIComponent(userId)}/second-factor/reset`, {}),
};
