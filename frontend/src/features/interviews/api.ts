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

/** The total of all matches (X-Total-Count), else what the page holds. */
export function totalOf(headers: unknown, fallback: number): number {
  const source = headers as { get?: (name: string) => unknown } & Record<string, unknown>;
  const raw = typeof source?.get === 'function' ? source.get('x-total-count') : source?.['x-total-count'];
  const total = Number(raw);
  return Number.isFinite(total) && raw !== null && raw !== undefined && raw !== '' ? total : fallback;
}
