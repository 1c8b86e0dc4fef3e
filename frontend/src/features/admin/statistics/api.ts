import type { PlacementStatistics } from '@placement/domain';
import { http } from '../../../shared/api/http';

export const statisticsApi = {
  /** The figures at the end of `asOf` (YYYY-MM-DD), or the season to date without it. */
  read: (asOf: string | null) => http.get<PlacementStatistics>('/api/admin/statistics', { params: asOf ? { asOf } : {} }),
};
