import type { AxiosRequestConfig, AxiosResponse } from 'axios';

const client = () => import('./http').then((module) => module.http);

/**
 * The same calls as `http` (shared/api/http.ts, the one client), with axios loaded on the first call:
 * for the app shell's own calls (sign-in, the signed-in user), so that the landing page ships no
 * HTTP client to a visitor who makes none.
 */
export const lazyHttp = {
  get: <T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => client().then((http) => http.get<T>(url, config)),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => client().then((http) => http.post<T>(url, data, config)),
};
