import type { JobCommandReply, JobFields } from '@placement/domain';
import { http } from '../../../shared/api/http';
import { pagingParams, type ServerPaging } from '../table/serverPaging';
import type { BulkReply } from '../types';
import { TYPED_JOB_FILTERS, type AdminJobFilters, type AdminJobSortField } from './types';

/** The list query (spec §7): status left out when 'all', offer types comma-joined, blank filters left out. */
export function adminJobParams(filters: AdminJobFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status !== 'all') params.status = filters.status;
  for (const key of TYPED_JOB_FILTERS) {
    const value = filters[key].trim();
    if (value) params[key] = value;
  }
  if (filters.offerType.length > 0) params.offerType = filters.offerType.join(',');
  return params;
}

const jobPath = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

/** Job Management's calls (spec §7), through the one axios instance. */
export const adminJobsApi = {
  /** One page of the jobs matching the filters, in the table's sort; X-Total-Count (or `count`) holds how many match. */
  list: (filters: AdminJobFilters, paging: Pick<ServerPaging<AdminJobSortField>, 'page' | 'sort'>) =>
    http.get<unknown>('/api/jobs/admin/jobs', { params: { ...adminJobParams(filters), ...pagingParams(paging) } }),
  changeStatus: (id: string, status: 'approved' | 'rejected') => http.patch<JobCommandReply>(`${jobPath(id)}/status`, { status }),
  bulkStatus: (ids: string[], status: 'approved' | 'rejected') => http.post<BulkReply>('/api/jobs/bulk/status', { ids, status }),
  remove: (id: string) => http.delete(jobPath(id)),
  notify: (id: string) => http.post(`${jobPath(id)}/notify`),
  create: (job: JobFields) => http.post<JobCommandReply>('/api/jobs', job),
  update: (id: string, job: JobFields) => http.put<JobCommandReply>(jobPath(id), job),
};
