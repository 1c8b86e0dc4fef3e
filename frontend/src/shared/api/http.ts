import axios, { AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { readToken } from '../storage';
import { unauthorizedHandler } from './unauthorized';

export { setUnauthorizedHandler } from './unauthorized';

/** The read side waits until its read models have passed this event-log position (ARCHITECTURE.md, read-your-writes). */
export const CONSISTENCY_HEADER = 'X-Consistency-Position';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Handle a 401 in the caller instead of the global 'session expired' handler
     * (the auth user fetch does its own logout; login answers 401 for a wrong password).
     */
    skipAuthRedirect?: boolean;
  }
}

/**
 * The one HTTP client. Same origin: the gateway (or Vite's dev proxy) routes /api to the services.
 * It adds the bearer token from storage, sends back the highest event position any command reply
 * reported, and turns a 401 on an authenticated call into the registered 'session ended' handler.
 */
export const http = axios.create({ baseURL: '' });

let highestPosition = 0;

/** The highest `position` seen so far (0 before the first command). Kept in memory for this page view. */
export const consistencyPosition = (): number => highestPosition;

/** Remembers a position if it is a valid one and higher than any seen before. */
export function notePosition(value: unknown): void {
  const position = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof position === 'number' && Number.isSafeInteger(position) && position > highestPosition) highestPosition = position;
}

/** For tests: forget the positions seen. */
export function resetConsistencyPosition(): void {
  highestPosition = 0;
}

export function withAuthHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const headers = AxiosHeaders.from(config.headers);
  const token = readToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  if (highestPosition > 0) headers.set(CONSISTENCY_HEADER, String(highestPosition));
  config.headers = headers;
  return config;
}

const isCommand = (config: InternalAxiosRequestConfig | undefined): boolean => {
  const method = (config?.method ?? 'get').toLowerCase();
  return method !== 'get' && method !== 'head' && method !== 'options';
};

export function rememberPosition(response: AxiosResponse): AxiosResponse {
  notePosition(AxiosHeaders.from(response.headers as AxiosHeaders).get(CONSISTENCY_HEADER));
  // Command replies also carry it in the body; query bodies may have unrelated fields of that name.
  const body: unknown = response.data;
  if (isCommand(response.config) && body && typeof body === 'object' && 'position' in body) notePosition((body as { position: unknown }).position);
  return response;
}

export function handleFailure(error: unknown): Promise<never> {
  const onUnauthorized = unauthorizedHandler();
  if (axios.isAxiosError(error) && error.response?.status === 401 && onUnauthorized) {
    const config = error.config;
    const sentToken = config ? AxiosHeaders.from(config.headers).has('Authorization') : false;
    if (sentToken && !config?.skipAuthRedirect) onUnauthorized(error);
  }
  return Promise.reject(error);
}

http.interceptors.request.use(withAuthHeaders);
http.interceptors.response.use(rememberPosition, handleFailure);
