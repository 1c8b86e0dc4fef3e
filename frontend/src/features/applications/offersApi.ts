import type { OfferAnsweredReply } from '@placement/domain';
import { http } from '../../shared/api/http';

/** The student's answer to the offer on their own application (issue 16 part 3). */
export const offersApi = {
  answer: (applicationId: string, verb: 'accept' | 'decline') => http.post<OfferAnsweredReply>(`/api/applications/${encodeURIComponent(applicationId)}/offer/${verb}`),
};
