import { http } from '../../../shared/api/http';
import type { DeadLetter, DeadLetterFilter } from './deadLettersSlice';

/** The notifier's dead letters (the gateway routes /api/dead-letters to the notifier). */
export const deadLettersApi = {
  list: (status: DeadLetterFilter) => http.get<{ deadLetters?: DeadLetter[]; total?: number }>('/api/dead-letters', { params: { status } }),
  retry: (id: string) => http.post<{ message?: string; deadLetter?: DeadLetter }>(`/api/dead-letters/${encodeURIComponent(id)}/retry`),
};
