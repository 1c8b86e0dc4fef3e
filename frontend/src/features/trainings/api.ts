import { http } from '../../shared/api/http';
import type { Training } from '../../shared/records';

/** GET /api/trainings (spec §7); upcoming=true keeps those dated now or later, earliest first. */
export const trainingsApi = {
  list: (options: { upcoming?: boolean } = {}) => http.get<Training[]>('/api/trainings', { params: options.upcoming ? { upcoming: true } : undefined }),
};
