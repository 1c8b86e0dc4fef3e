import type { ApplicationStatus, ApplicationStatusReply, InterviewSlot } from '@placement/domain';
import { http } from '../../../shared/api/http';
import type { BulkReply } from '../types';
import { pagingParams, type ServerPaging } from '../table/serverPaging';
import type { ReviewedApplication, ReviewJob, ReviewJobSortField } from './types';

const id = (value: string) => encodeURIComponent(value);

/** Application review's calls (spec §7, on the API base), through the one axios instance. */
export const adminApplicationsApi = {
  /** One page of the jobs, in the chosen column's order (the server's, newest first, without one); X-Total-Count holds how many there are. */
  listJobs: (paging: Pick<ServerPaging<ReviewJobSortField>, 'page' | 'sort'>) => http.get<ReviewJob[]>('/applications/jobs', { params: pagingParams(paging) }),
  listApplications: (jobId: string) => http.get<ReviewedApplication[]>(`/applications/applications/${id(jobId)}`),
  // Scheduled carries its interview slot (issue 16 part 2); bulk gives consecutive slots from it.
  changeStatus: (applicationId: string, status: ApplicationStatus, interview?: InterviewSlot) =>
    http.put<ApplicationStatusReply>(`/applications/applications/${id(applicationId)}`, { status, ...(interview ? { interview } : {}) }),
  remove: (applicationId: string) => http.delete(`/applications/applications/${id(applicationId)}`),
  bulkStatus: (ids: string[], status: ApplicationStatus, interview?: InterviewSlot) => http.post<BulkReply>('/api/applications/bulk/status', { ids, status, ...(interview ? { interview } : {}) }),
  bulkDelete: (ids: string[]) => http.post<BulkReply>('/api/applications/bulk/delete', { ids }),
  checkResume: (applicationId: string) => http.get<{ isValid?: boolean }>(`/applications/resume/check/${id(applicationId)}`),
  downloadResume: (applicationId: string) => http.get<Blob>(`/applications/resume/${id(applicationId)}`, { responseType: 'blob' }),
};
