import defaultAvatar from './assets/default-avatar.svg';

/** The API base: same origin, through the gateway (spec §7's hosted base). */
export const API_BASE = '';

/** Spec §7: a photo path as given when it starts with http, else the API base plus the path; no path → the default avatar. */
export function photoUrl(path: string | null | undefined): string {
  if (!path || path.trim() === '') return defaultAvatar;
  if (/^https?:\/\//i.test(path)) return path;
  return `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Spec §7: resume and certification files open from the API base plus the stored relative path. */
export const fileUrl = (path: string): string => (/^https?:\/\//i.test(path) ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`);

export { defaultAvatar };
