import { http } from '../../../shared/api/http';
import type { SystemStatus } from './types';

export const systemApi = {
  status: () => http.get<SystemStatus>('/api/system/status'),
  /** Records an admin's skip of the event a projection is stuck at (command-api/src/routes/projections.ts). */
  skipEvent: (projection: string, position: number, reason: string) =>
    http.post<{ message?: string; position?: number }>(`/api/system/projections/${encodeURIComponent(projection)}/skip`, { position, reason }),
};
