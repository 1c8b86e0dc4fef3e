import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { makeStore } from '../../app/store';
import { http } from '../../shared/api/http';
import { registerNavigator } from '../../shared/navigation';
import { authApi } from './api';
import { loginRequested, userFetchRequested } from '../../shared/session/authSlice';
import { resendRequested, signupRequested, verificationRequested } from './registrationSlice';
import { VERIFIED_REDIRECT_DELAY_MS } from './sagas';
import type { CommandMessageReply } from '@placement/domain';
import { profileReply, sessionUser } from '../../test/sessionFixtures';
import type { LoginReply } from './types';

const config = { headers: new AxiosHeaders() };
const reply = <T>(data: T, status = 200) => ({ data, status, statusText: '', headers: {}, config }) as AxiosResponse<T>;
const failure = (status: number, data: unknown = {}) => new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, reply(data, status));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const navigate = jest.fn();
beforeEach(() => {
  navigate.mockReset();
  registerNavigator(navigate);
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const session = (role: string) => ({ token: `jwt-${role}`, user: sessionUser({ fullName: 'Asha Verma', email: 'asha@university.edu', role }) });

describe('login', () => {
  it.each([
    ['admin', '/admin-panel'],
    ['staff', '/admin-panel'],
    ['student', '/student-details'],
    ['someone', '/dashboard'],
  ])('stores the session of a %s and goes to %s', async (role, target) => {
    jest.spyOn(authApi, 'login').mockResolvedValue(reply(session(role)));
    const store = makeStore();
    store.dispatch(loginRequested({ email: 'asha@university.edu', password: 'secret-123' }));
    expect(store.getState().auth).toMatchObject({ loading: true, error: null });
    await flush();
    expect(authApi.login).toHaveBeenCalledWith({ email: 'asha@university.edu', password: 'secret-123' });
    expect(store.getState().auth).toMatchObject({ token: `jwt-${role}`, role, isAuthenticated: true, loading: false, user: { fullName: 'Asha Verma' } });
    expect(localStorage.getItem('token')).toBe(`jwt-${role}`);
    expect(localStorage.getItem('role')).toBe(role);
    expect(navigate).toHaveBeenCalledWith(target, { replace: true });
  });

  it('returns to where the user came from', async () => {
    jest.spyOn(authApi, 'login').mockResolvedValue(reply(session('student')));
    const store = makeStore();
    store.dispatch(loginRequested({ email: 'a@gmail.com', password: 'x', from: '/job-listings?page=3' }));
    await flush();
    expect(navigate).toHaveBeenCalledWith('/job-listings?page=3', { replace: true });
  });

  it('sends the bearer token on later calls', async () => {
    jest.spyOn(authApi, 'login').mockResolvedValue(reply(session('student')));
    const store = makeStore();
    store.dispatch(loginRequested({ email: 'a@gmail.com', password: 'x' }));
    await flush();
    const adapter = jest.fn(async (request) => ({ ...reply({}), config: request }));
    await http.get('/api/jobs', { adapter });
    expect(AxiosHeaders.from(adapter.mock.calls[0]![0].headers).get('Authorization')).toBe('Bearer jwt-student');
  });

  it("stores the server's message on failure", async () => {
    jest.spyOn(authApi, 'login').mockRejectedValue(failure(403, { message: 'Please verify your email before logging in.' }));
    const store = makeStore();
    store.dispatch(loginRequested({ email: 'a@gmail.com', password: 'x' }));
    await flush();
    expect(store.getState().auth).toMatchObject({ loading: false, error: 'Please verify your email before logging in.', isAuthenticated: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("falls back to 'Login failed'", async () => {
    jest.spyOn(authApi, 'login').mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
    const store = makeStore();
    store.dispatch(loginRequested({ email: 'a@gmail.com', password: 'x' }));
    await flush();
    expect(store.getState().auth.error).toBe('Login failed');
  });

  it("answers a reply without token 'Unexpected response from server.'", async () => {
    jest.spyOn(authApi, 'login').mockResolvedValue(reply({ message: 'hello' } as unknown as LoginReply));
    const store = makeStore();
    store.dispatch(loginRequested({ email: 'a@gmail.com', password: 'x' }));
    await flush();
    expect(store.getState().auth.error).toBe('Unexpected response from server.');
  });
});

describe('user fetch', () => {
  it('loads the user at start when a token is stored, from GET /api/profile/me', async () => {
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('role', 'student');
    const spy = jest.spyOn(authApi, 'currentUser').mockResolvedValue(reply(profileReply({ fullName: 'Asha Verma', role: 'student', profilePhoto: null })));
    const store = makeStore();
    expect(store.getState().auth).toMatchObject({ loading: true, token: 'jwt', role: 'student', isAuthenticated: true });
    await flush();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(store.getState().auth).toMatchObject({ loading: false, isAuthenticated: true, role: 'student', user: { fullName: 'Asha Verma' } });
  });

  it('logs out and goes to /auth-Container when it fails, keeping the server message', async () => {
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('role', 'student');
    window.history.pushState({}, '', '/my-applications');
    jest.spyOn(authApi, 'currentUser').mockRejectedValue(failure(401, { message: 'Session expired. Please login again.' }));
    const store = makeStore();
    await flush();
    expect(store.getState().auth).toEqual({ user: null, token: null, role: null, isAuthenticated: false, loading: false, error: 'Session expired. Please login again.', secondFactor: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth-Container', { replace: true, state: { from: '/my-applications' } });
    window.history.pushState({}, '', '/');
  });

  it("falls back to 'Failed to fetch user'", async () => {
    localStorage.setItem('token', 'jwt');
    jest.spyOn(authApi, 'currentUser').mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
    const store = makeStore();
    await flush();
    expect(store.getState().auth.error).toBe('Failed to fetch user');
  });

  it("fails with 'No token found' without a stored token", async () => {
    const spy = jest.spyOn(authApi, 'currentUser');
    const store = makeStore();
    store.dispatch(userFetchRequested());
    await flush();
    expect(spy).not.toHaveBeenCalled();
    expect(store.getState().auth.error).toBe('No token found');
    expect(navigate).toHaveBeenCalledWith('/auth-Container', expect.objectContaining({ replace: true }));
  });
});

describe('an ended session', () => {
  it('turns a 401 of any authenticated call into logout and the sign-in page', async () => {
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('role', 'student');
    jest.spyOn(authApi, 'currentUser').mockResolvedValue(reply(profileReply({ fullName: 'Asha', role: 'student' })));
    const store = makeStore();
    await flush();
    const adapter = jest.fn(async (request) => {
      throw new AxiosError('Unauthorized', 'ERR_BAD_REQUEST', request, null, { ...reply({ message: 'Session expired. Please login again.' }, 401), config: request });
    });
    await expect(http.get('/api/applications/my-applications', { adapter })).rejects.toBeInstanceOf(AxiosError);
    await flush();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, token: null, error: 'Session expired. Please login again.' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth-Container', expect.objectContaining({ replace: true }));
  });
});

describe('sign up', () => {
  const registration = { fullName: 'Asha Verma', rollNo: 'CS-21-042', email: 'asha@university.edu', password: 'long-enough' };

  it("shows the server's message on success", async () => {
    jest.spyOn(authApi, 'register').mockResolvedValue(reply({ message: 'Registration successful. Please check your email to verify your account.', position: 9 }, 201));
    const store = makeStore();
    store.dispatch(signupRequested(registration));
    expect(store.getState().registration.signup.status).toBe('pending');
    await flush();
    expect(authApi.register).toHaveBeenCalledWith(registration);
    expect(store.getState().registration.signup).toMatchObject({ status: 'succeeded', message: 'Registration successful. Please check your email to verify your account.' });
  });

  it("answers a reply without a message 'Unexpected response from server.'", async () => {
    jest.spyOn(authApi, 'register').mockResolvedValue(reply({} as CommandMessageReply, 201));
    const store = makeStore();
    store.dispatch(signupRequested(registration));
    await flush();
    expect(store.getState().registration.signup).toMatchObject({ status: 'failed', error: 'Unexpected response from server.' });
  });

  it("keeps the server's message and field errors on failure, else 'Signup failed. Try again.'", async () => {
    const spy = jest.spyOn(authApi, 'register').mockRejectedValueOnce(
      failure(400, { message: 'Email must belong to campus.edu.', errors: [{ field: 'email', message: 'Email must belong to campus.edu.' }] }),
    );
    const store = makeStore();
    store.dispatch(signupRequested(registration));
    await flush();
    expect(store.getState().registration.signup).toMatchObject({ status: 'failed', error: 'Email must belong to campus.edu.', fieldErrors: { email: 'Email must belong to campus.edu.' } });

    spy.mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK'));
    store.dispatch(signupRequested(registration));
    await flush();
    expect(store.getState().registration.signup.error).toBe('Signup failed. Try again.');
  });
});

describe('resend verification', () => {
  it("shows the server's message", async () => {
    jest.spyOn(authApi, 'resendVerification').mockResolvedValue(reply({ message: 'Verification email sent. Please check your inbox.', position: 9 }));
    const store = makeStore();
    store.dispatch(resendRequested('asha@university.edu'));
    await flush();
    expect(authApi.resendVerification).toHaveBeenCalledWith('asha@university.edu');
    expect(store.getState().registration.resend).toMatchObject({ status: 'succeeded', message: 'Verification email sent. Please check your inbox.' });
  });

  it("keeps the server's error, else 'Failed to resend verification email.'", async () => {
    const spy = jest.spyOn(authApi, 'resendVerification').mockRejectedValueOnce(failure(404, { message: 'No account found with this email address.' }));
    const store = makeStore();
    store.dispatch(resendRequested('x@gmail.com'));
    await flush();
    expect(store.getState().registration.resend.error).toBe('No account found with this email address.');
    spy.mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK'));
    store.dispatch(resendRequested('x@gmail.com'));
    await flush();
    expect(store.getState().registration.resend.error).toBe('Failed to resend verification email.');
  });
});

describe('e-mail verification', () => {
  it("fails with 'Invalid verification link' without a token, calling nobody", async () => {
    const spy = jest.spyOn(authApi, 'verifyEmail');
    const store = makeStore();
    store.dispatch(verificationRequested(null));
    await flush();
    expect(spy).not.toHaveBeenCalled();
    expect(store.getState().registration.verification).toMatchObject({ status: 'failed', error: 'Invalid verification link' });
  });

  it("keeps the server's message, else 'Verification failed. Try again.'", async () => {
    const spy = jest.spyOn(authApi, 'verifyEmail').mockRejectedValueOnce(failure(409, { message: 'This verification link has already been used. Please log in.' }));
    const store = makeStore();
    store.dispatch(verificationRequested('tok'));
    await flush();
    expect(store.getState().registration.verification.error).toBe('This verification link has already been used. Please log in.');
    spy.mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK'));
    store.dispatch(verificationRequested('tok'));
    await flush();
    expect(store.getState().registration.verification.error).toBe('Verification failed. Try again.');
  });

  it.each([
    ['admin', '/admin-panel'],
    ['staff', '/admin-panel'],
    ['student', '/student-details'],
    ['other', '/dashboard'],
  ])('stores the token and role of a %s, then redirects to %s', async (role, target) => {
    jest.useFakeTimers();
    jest.spyOn(authApi, 'verifyEmail').mockResolvedValue(reply({ message: 'Email verified successfully.', ...session(role), position: 12 }));
    const store = makeStore();
    store.dispatch(verificationRequested('the-token'));
    await jest.advanceTimersByTimeAsync(0);
    expect(authApi.verifyEmail).toHaveBeenCalledWith('the-token');
    expect(store.getState().registration.verification.status).toBe('succeeded');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, role, token: `jwt-${role}` });
    expect(localStorage.getItem('token')).toBe(`jwt-${role}`);
    expect(localStorage.getItem('role')).toBe(role);
    expect(navigate).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(VERIFIED_REDIRECT_DELAY_MS);
    expect(navigate).toHaveBeenCalledWith(target, { replace: true });
  });
});
