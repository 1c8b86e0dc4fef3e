import { http } from '../../shared/api/http';
import type { Credentials, MessageReply, Registration, SessionReply, SessionUser } from './types';

/** The auth calls of spec §7. */
export const authApi = {
  // A 401 here means a wrong password, not an expired session.
  login: (credentials: Credentials) => http.post<SessionReply>('/api/auth/login', credentials, { skipAuthRedirect: true }),
  register: (registration: Registration) => http.post<MessageReply>('/api/auth/register', registration),
  resendVerification: (email: string) => http.post<MessageReply>('/api/auth/resend-verification', { email }),
  // The path as the spec's client spells it (doubled /api); the server answers both spellings.
  verifyEmail: (token: string) => http.post<SessionReply>('/api/api/auth/verify-email', { token }, { skipAuthRedirect: true }),
  // The auth user fetch handles its own 401 (logout and the sign-in page).
  currentUser: () => http.get<SessionUser>('/api/profile/me', { skipAuthRedirect: true }),
};
