import { lazyHttp } from '../../shared/api/lazyHttp';
import type { ChangePasswordRequest, ResetPasswordRequest } from '../../shared/session/passwordSlice';
import type {
  CommandMessageReply,
  ProfileReply,
  SecondFactorEnrolledSessionReply,
  SecondFactorSessionReply,
  SecondFactorSetupReply,
  SessionCommandReply,
} from '@placement/domain';
import type { Credentials } from '../../shared/session/types';
import type { LoginReply, Registration } from './types';

/** The auth calls of spec §7 (the app shell's: axios loads with the first of them). */
export const authApi = {
  // A 401 here means a wrong password, not an expired session.
  login: (credentials: Credentials) => lazyHttp.post<LoginReply>('/api/auth/login', credentials, { skipAuthRedirect: true }),
  register: (registration: Registration) => lazyHttp.post<CommandMessageReply>('/api/auth/register', registration),
  resendVerification: (email: string) => lazyHttp.post<CommandMessageReply>('/api/auth/resend-verification', { email }),
  // The path as the spec's client spells it (doubled /api); the server answers both spellings.
  verifyEmail: (token: string) => lazyHttp.post<SessionCommandReply>('/api/api/auth/verify-email', { token }, { skipAuthRedirect: true }),
  // The auth user fetch handles its own 401 (logout and the sign-in page).
  currentUser: () => lazyHttp.get<ProfileReply>('/api/profile/me', { skipAuthRedirect: true }),
  // Forgot password and password change (not in the spec; docs/decisions.md). The first two go
  // without the stored token: their pages may be opened in a browser whose session has ended, and
  // the address or the link is all they need.
  forgotPassword: (email: string) => lazyHttp.post<CommandMessageReply>('/api/auth/forgot-password', { email }, { headers: { Authorization: false } }),
  resetPassword: (request: ResetPasswordRequest) => lazyHttp.post<CommandMessageReply>('/api/auth/reset-password', request, { headers: { Authorization: false } }),
  // A new session comes back: every earlier one, this one included, has ended.
  changePassword: (request: ChangePasswordRequest) => lazyHttp.post<SessionCommandReply>('/api/auth/change-password', request),
  // The second step of an admin's or staff member's sign-in: the challenge of the password step is
  // the only credential (no stored token goes along, and a 401 is a wrong code, not a lost session).
  secondFactor: (request: { challenge: string; code?: string; recoveryCode?: string }) =>
    lazyHttp.post<SecondFactorSessionReply>('/api/auth/login/second-factor', request, { skipAuthRedirect: true, headers: { Authorization: false } }),
  secondFactorSetupAtLogin: (challenge: string) =>
    lazyHttp.post<SecondFactorSetupReply>('/api/auth/login/second-factor/setup', { challenge }, { skipAuthRedirect: true, headers: { Authorization: false } }),
  secondFactorConfirmAtLogin: (challenge: string, code: string) =>
    lazyHttp.post<SecondFactorEnrolledSessionReply>('/api/auth/login/second-factor/confirm', { challenge, code }, { skipAuthRedirect: true, headers: { Authorization: false } }),
};
