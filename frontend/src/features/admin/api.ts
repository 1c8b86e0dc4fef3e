import type { ExperienceCommandReply, TrainingCommandReply, UserCommandReply } from '@placement/domain';
import { http } from '../../shared/api/http';
import { pagingParams, type ServerPaging } from './table/serverPaging';
import type { UserSortField } from './users/usersSlice';
import type { AdminTraining, BulkReply, Experience, ExperienceForm, Role, StudentProfile, TrainingBody, UserForm } from './types';

type UserBody = Omit<UserForm, 'password' | 'rollNo'> & { password?: string; rollNo?: string };

/** The admin side's calls (spec §7), all through the one axios instance (bearer header added there). */
export const adminApi = {
  // Dashboard: a 401 here logs out and goes to / (spec §4), so the global sign-in redirect is skipped.
  userStats: () => http.get('/api/admin/stats/users', { skipAuthRedirect: true }),
  jobStats: () => http.get('/api/jobs/stats', { skipAuthRedirect: true }),
  applicationStats: () => http.get('/api/jobs/stats/applications', { skipAuthRedirect: true }),
  trainingStats: () => http.get('/api/trainings/stats', { skipAuthRedirect: true }),
  experienceStats: () => http.get('/api/interview-experiences/stats', { skipAuthRedirect: true }),

  listUsers: (role: string, search: string, paging: Pick<ServerPaging<UserSortField>, 'page' | 'sort'>) =>
    http.get<unknown>('/api/admin/users', { params: { ...(role && role !== 'all' ? { role } : {}), ...(search.trim() ? { search: search.trim() } : {}), ...pagingParams(paging) } }),
  createUser: (body: UserBody) => http.post('/api/admin/users', body),
  updateUser: (id: string, body: UserBody) => http.put(`/api/admin/users/${encodeURIComponent(id)}`, body),
  deleteUser: (id: string) => http.delete(`/api/admin/users/${encodeURIComponent(id)}`),
  changeRole: (id: string, role: Role) => http.put<UserCommandReply>(`/api/admin/users/${encodeURIComponent(id)}/role`, { role }),
  bulkDelete: (ids: string[]) => http.post<BulkReply>('/api/admin/users/bulk/delete', { ids }),
  bulkRole: (ids: string[], role: Role) => http.post<BulkReply>('/api/admin/users/bulk/role', { ids, role }),
  studentProfile: (id: string) => http.get<StudentProfile>(`/profile/user/${encodeURIComponent(id)}`),

  /** A page of the management list, newest first, searched on company, role and author (X-Total-Count: all matches). */
  listExperiences: (search: string, page: number) =>
    http.get<Experience[]>('/api/interview-experiences/manage', { params: { ...(search.trim() ? { search: search.trim() } : {}), ...pagingParams({ page, sort: null }) } }),
  updateExperience: (id: string, body: ExperienceForm) => http.patch<ExperienceCommandReply>(`/api/interview-experiences/${encodeURIComponent(id)}`, body),
  deleteExperience: (id: string) => http.delete(`/api/interview-experiences/${encodeURIComponent(id)}`),
  approveExperience: (id: string) => http.post<ExperienceCommandReply>(`/api/interview-experiences/${encodeURIComponent(id)}/approve`),

  /** A page of the trainings, latest date first (X-Total-Count: all of them). */
  listTrainings: (page: number) => http.get<AdminTraining[]>('/api/trainings', { params: { ...pagingParams({ page, sort: null }), order: 'desc' } }),
  createTraining: (body: TrainingBody) => http.post<TrainingCommandReply>('/api/trainings', body),
  updateTraining: (id: string, body: TrainingBody) => http.put<TrainingCommandReply>(`/api/trainings/${encodeURIComponent(id)}`, body),
  deleteTraining: (id: string) => http.delete(`/api/trainings/${encodeURIComponent(id)}`),
};
