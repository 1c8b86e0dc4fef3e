import type { CommandMessageReply } from '@placement/domain';
import { http } from '../../../shared/api/http';
import type { SystemStatus } from './types';

export const systemApi = {
  status: () => http.get<SystemStatus>('/api/system/status'),
  /** Records an admin's skip of the event a projection is stuck at (command-api/src/routes/projections.ts). */
  skipEvent: (projection: string, position: number, reason: string) =>
    http.post<CommandMessageReply>(`/api/system/projections/${encodeURIComponent(projection)}/skip`, { position, reason }),
};
