import type { AxiosError } from 'axios';

/**
 * What a rejected token means (logout and the sign-in page), registered by the auth feature and
 * called by the HTTP client. Apart from the client so that registering it does not load axios.
 */
export type UnauthorizedHandler = (error: AxiosError) => void;

let onUnauthorized: UnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

export const unauthorizedHandler = (): UnauthorizedHandler | null => onUnauthorized;
