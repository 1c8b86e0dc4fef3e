import type { AxiosProgressEvent } from 'axios';
import { LIMITS, type ApplicationSubmittedReply } from '@placement/domain';
import { http } from '../../shared/api/http';
import type { ApplicationSubmission, JobFilters, JobListReply } from './types';

export const ALL_TYPES = 'All Types';

/** The query of one page of the listing: blank filters are left out. */
export function listParams(filters: JobFilters, page: number): Record<string, string | number> {
  const params: Record<string, string | number> = { page, limit: LIMITS.jobsPerPage };
  for (const key of ['search', 'location', 'skills', 'category'] as const) {
    const value = filters[key].trim();
    if (value) params[key] = value;
  }
  if (filters.offerType && filters.offerType !== ALL_TYPES) params.offerType = filters.offerType;
  if (filters.eligibleOnly) params.eligibleOnly = 'true';
  return params;
}

/** The job listing's calls (spec §7). */
export const jobsApi = {
  list: (filters: JobFilters, page: number) => http.get<JobListReply>('/api/jobs', { params: listParams(filters, page) }),
  apply: (submission: ApplicationSubmission, onUploadProgress: (event: AxiosProgressEvent) => void) => {
    const body = new FormData();
    body.append('jobId', submission.jobId);
    body.append('fullName', submission.fullName);
    body.append('email', submission.email);
    body.append('phone', submission.phone);
    body.append('resume', submission.resume);
    return http.post<ApplicationSubmittedReply>('/api/applications', body, { onUploadProgress });
  },
};
