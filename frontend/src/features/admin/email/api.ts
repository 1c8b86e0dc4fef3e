import type { EmailTemplateSavedReply } from '@placement/domain';
import type { AxiosProgressEvent } from 'axios';
import { http } from '../../../shared/api/http';
import type { Campaign, SendReply } from './types';

/** The bulk e-mail calls (spec §7), through the one axios instance (it adds the bearer header). */
export const emailApi = {
  userGroups: () => http.get<unknown>('/api/email/user-groups'),
  templates: () => http.get<unknown>('/api/email/templates'),
  saveTemplate: (body: { name: string; subject: string; content: string }) => http.post<EmailTemplateSavedReply>('/api/email/templates', body),
  send: (form: FormData, onUploadProgress: (event: AxiosProgressEvent) => void) => http.post<SendReply>('/api/email/send', form, { onUploadProgress }),
  campaigns: () => http.get<{ campaigns: Campaign[] }>('/api/email/campaigns'),
  campaign: (id: string) => http.get<{ campaign: Campaign }>(`/api/email/campaigns/${encodeURIComponent(id)}`),
};
