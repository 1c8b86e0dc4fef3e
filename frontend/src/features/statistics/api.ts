import type { PlacementHeadline } from '@placement/domain';
import { http } from '../../shared/api/http';

export const placementsApi = {
  /** The season's headline figures, for anyone. */
  headline: () => http.get<PlacementHeadline>('/api/statistics/headline'),
};
