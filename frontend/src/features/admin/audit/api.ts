import { http } from '../../../shared/api/http';
import type { AuditKind, LogPage, Timeline } from './types';

/** The audit history, straight from the event store through the query-api. */
export const auditApi = {
  timeline: (kind: AuditKind, id: string) => http.get<Timeline>(`/api/audit/${kind}/${encodeURIComponent(id)}`),
  log: (query: Record<string, string | number>) => http.get<LogPage>('/api/audit', { params: query }),
};
