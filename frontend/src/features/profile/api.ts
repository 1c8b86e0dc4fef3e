import { http } from '../../shared/api/http';
import type { Profile } from './types';

/** The profile page reads GET /api/profile/me; it handles a 401 itself (spec §2: back to sign-in). */
export const profileApi = {
  me: () => http.get<Profile>('/api/profile/me', { skipAuthRedirect: true }),
};
