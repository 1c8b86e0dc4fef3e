import type { PublicJobList } from '@placement/domain';
import { http } from '../../shared/api/http';
import type { MyApplication, Training } from '../../shared/records';

/** The dashboard's three reads (spec §7): the job count from GET /api/jobs's count, the student's applications, upcoming trainings. */
export const dashboardApi = {
  // One job per page is enough: count is the number of all approved jobs.
  jobCount: () => http.get<PublicJobList>('/api/jobs', { params: { page: 1, limit: 1 } }),
  applications: () => http.get<MyApplication[]>('/api/applications/my-applications'),
  upcomingTrainings: () => http.get<Training[]>('/api/trainings', { params: { upcoming: true } }),
};
