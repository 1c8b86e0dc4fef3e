import { runSaga } from 'redux-saga';
import type { AnyAction } from '@reduxjs/toolkit';
import { AxiosError, type AxiosResponse } from 'axios';
import { registerNavigator } from '../../shared/navigation';
import { profileApi } from './api';
import { profileSaveRequested } from './profileSlice';
import { saveProfileSaga } from './sagas';
import type { ProfileSubmission } from './types';

const submission = { mobileNo: '9876543210', skills: [{ id: 's1', name: 'React' }], education: {}, experience: [], certifications: [] } as unknown as ProfileSubmission;

async function run() {
  const dispatched: AnyAction[] = [];
  await (runSaga as (o: unknown, s: unknown, a: unknown) => { toPromise(): Promise<unknown> })(
    { dispatch: (a: AnyAction) => dispatched.push(a) },
    saveProfileSaga,
    profileSaveRequested(submission, { profilePhoto: null, resume: null, certificationImages: [] }),
  ).toPromise();
  return dispatched;
}

const navigate = jest.fn();
beforeEach(() => {
  navigate.mockReset();
  registerNavigator(navigate);
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('role', 'student');
});
afterEach(() => {
  registerNavigator(null);
  window.localStorage.clear();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const toast = (actions: AnyAction[]) => actions.find((a) => a.type === 'notifications/notify')?.payload;

describe('saveProfileSaga', () => {
  it('reports progress, says so and goes to /dashboard replacing history', async () => {
    jest.spyOn(profileApi, 'update').mockImplementation((_body, onProgress) => {
      setTimeout(() => onProgress({ loaded: 50, total: 100 } as never), 0);
      return new Promise((resolve) => setTimeout(() => resolve({ data: { message: 'ok' } } as AxiosResponse), 10));
    });
    jest.useFakeTimers();
    const saving = run();
    await jest.advanceTimersByTimeAsync(10);
    const actions = await saving;
    expect(actions).toContainEqual({ type: 'profile/profileSaveProgressed', payload: 50 });
    expect(actions.map((a) => a.type)).toContain('profile/profileSaved');
    expect(toast(actions)).toMatchObject({ severity: 'success', summary: 'Profile updated successfully!' });
    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
  });

  it('ends the session on a 401', async () => {
    jest.spyOn(profileApi, 'update').mockRejectedValue(new AxiosError('no', '401', undefined, undefined, { status: 401, data: {} } as AxiosResponse));
    const actions = await run();
    expect(toast(actions)?.summary).toBe('Session expired. Please login again.');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('role')).toBeNull();
    expect(actions.map((a) => a.type)).toContain('auth/logout');
    expect(navigate).toHaveBeenCalledWith('/auth-Container', expect.objectContaining({ replace: true }));
  });

  it("shows the server's message, else 'Error updating profile'", async () => {
    jest
      .spyOn(profileApi, 'update')
      .mockRejectedValueOnce(new AxiosError('bad', '400', undefined, undefined, { status: 400, data: { message: 'Resume must be a PDF' } } as AxiosResponse))
      .mockRejectedValueOnce(new Error('offline'));
    expect(toast(await run())?.summary).toBe('Resume must be a PDF');
    expect(toast(await run())?.summary).toBe('Error updating profile');
    expect(navigate).not.toHaveBeenCalled();
  });
});
