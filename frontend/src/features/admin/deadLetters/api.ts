import { http } from '../../../shared/api/http';
import type { DeadLetterListReply, DeadLetterRetryReply } from '@placement/domain';
import type { DeadLetterFilter } from './deadLettersSlice';

/** The notifier's dead letters (the gateway routes /api/dead-letters to the notifier). */
export const deadLettersApi = {
  list: (status: DeadLetterFilter) => http.get<DeadLetterListReply>('/api/dead-letters', { params: { status } }),
  retry: (id: string) => http.post<DeadLetterRetryReply>(`/api/dead-letters/${encodeURIComponent(id)}/retry`),
};
