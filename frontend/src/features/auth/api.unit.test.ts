import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../../shared/api/http';
import { authApi } from './api';

/** The calls of spec §7, as they leave the browser. */
describe('authApi', () => {
  let requests: InternalAxiosRequestConfig[];
  beforeEach(() => {
    requests = [];
    http.defaults.adapter = async (config) => {
      requests.push(config);
      return { data: {}, status: 200, statusText: '', headers: new AxiosHeaders(), config };
    };
  });

  it.each([
    ['login', () => authApi.login({ email: 'a@gmail.com', password: 'p' }), 'post', '/api/auth/login', { email: 'a@gmail.com', password: 'p' }],
    ['register', () => authApi.register({ fullName: 'A', rollNo: 'R1', email: 'a@gmail.com', password: 'p' }), 'post', '/api/auth/register', { fullName: 'A', rollNo: 'R1', email: 'a@gmail.com', password: 'p' }],
    ['resend', () => authApi.resendVerification('a@gmail.com'), 'post', '/api/auth/resend-verification', { email: 'a@gmail.com' }],
    ['verify (the path as the spec spells it)', () => authApi.verifyEmail('tok'), 'post', '/api/api/auth/verify-email', { token: 'tok' }],
    ['current user', () => authApi.currentUser(), 'get', '/api/profile/me', undefined],
  ])('%s', async (_name, call, method, url, body) => {
    await call();
    expect(requests[0]).toMatchObject({ method, url });
    expect(requests[0]!.data === undefined ? undefined : JSON.parse(requests[0]!.data)).toEqual(body);
  });
});
