import { LIMITS, type ExperienceCommandReply, type ExperienceFields, type ExperienceSort } from '@placement/domain';
import { http } from '../../shared/api/http';
import type { InterviewExperience } from './types';

export interface ExperienceQuery {
  company: string;
  role: string;
  sort: ExperienceSort;
  page: number;
}

/** One page's query: blank filters are left out; 5 per page (spec §9). */
export function listParams(query: ExperienceQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { sort: query.sort, page: query.page, limit: LIMITS.experiencesPerPage };
  if (query.company.trim()) params.company = query.company.trim();
  if (query.role.trim()) params.role = query.role.trim();
  return params;
}

/** Spec §7: both calls go without a token (`false` keeps the client from adding the stored one). */
const withoutToken = { headers: { Authorization: false } };

export const interviewsApi = {
  list: (query: ExperienceQuery) => http.get<InterviewExperience[]>('/api/interview-experiences', { params: listParams(query), ...withoutToken }),
  submit: (experience: ExperienceFields) => http.post<ExperienceCommandReply>('/api/interview-experiences', experience, withoutToken),
};
