import { http } from '../../../shared/api/http';
import type { SystemStatus } from './types';

export const systemApi = {
  status: () => http.get<SystemStatus>('/api/system/status'),
};
