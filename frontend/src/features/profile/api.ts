import type { AxiosProgressEvent } from 'axios';
import type { CommandMessageReply } from '@placement/domain';
import { http } from '../../shared/api/http';
import type { Profile, ProfileSubmission, ProfileUploads } from './types';

/** The lists and the education go as JSON text inside the multipart body (spec §7). */
const JSON_FIELDS = ['education', 'experience', 'skills', 'certifications'] as const;

/** POST /api/profile/update's multipart body: fields, JSON texts, then the files. */
export function profileFormData(submission: ProfileSubmission, files: ProfileUploads): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries(submission)) {
    if ((JSON_FIELDS as readonly string[]).includes(field)) body.append(field, JSON.stringify(value));
    else body.append(field, typeof value === 'boolean' ? String(value) : String(value ?? ''));
  }
  files.certificationImages.forEach((file, index) => {
    if (file && index < submission.certifications.length) body.append(`certificationImage-${index}`, file);
  });
  if (files.profilePhoto) body.append('profilePhoto', files.profilePhoto);
  if (files.resume) body.append('resume', files.resume);
  return body;
}

/**
 * The profile page reads GET /api/profile/me; it handles a 401 itself (spec §2: back to sign-in).
 * The form's save handles its 401 itself too (spec §8: its own 'Session expired' text).
 */
export const profileApi = {
  me: () => http.get<Profile>('/api/profile/me', { skipAuthRedirect: true }),
  update: (body: FormData, onUploadProgress: (event: AxiosProgressEvent) => void) =>
    http.post<CommandMessageReply>('/api/profile/update', body, { onUploadProgress, skipAuthRedirect: true }),
};
