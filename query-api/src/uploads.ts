/** Where the client opens a stored file: the API base plus this path (served by the files routes). */
export const UPLOADS_PREFIX = '/uploads/';

/** The download path of a storage key, or null for none (every view that shows a stored file). */
export const uploadUrl = (key: string | null | undefined): string | null =>
  key ? `${UPLOADS_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}` : null;
