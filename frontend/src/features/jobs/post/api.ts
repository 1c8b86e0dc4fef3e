import type { JobCommandReply, JobFields } from '@placement/domain';
import { http } from '../../../shared/api/http';

/** Who posts: admin/staff with their token (POST /api/jobs), a visitor without one (POST /api/jobs/public). */
export type PostingMode = 'staff' | 'public';

/** Spec §7: JSON of the job fields, yearOfEstablishment and vacancies as integers; success is the HTTP status. */
export const postJobApi = {
  post: (job: JobFields, mode: PostingMode) =>
    mode === 'staff'
      ? http.post<JobCommandReply>('/api/jobs', job)
      : http.post<JobCommandReply>('/api/jobs/public', job, { headers: { Authorization: false } }),
};
