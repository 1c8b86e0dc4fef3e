import { http } from '../../shared/api/http';
import type { MyApplication } from '../../shared/records';
import type { ApplicationHistory } from './types';

/** The student's applications (spec §7) and, beyond the spec, each one's history from the audit log. */
export const applicationsApi = {
  mine: () => http.get<MyApplication[]>('/api/applications/my-applications'),
  history: (applicationId: string) => http.get<ApplicationHistory>(`/api/audit/applications/${encodeURIComponent(applicationId)}`),
};
