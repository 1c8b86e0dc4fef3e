import { runSaga } from 'redux-saga';
import type { AnyAction } from '@reduxjs/toolkit';
import { AxiosError, type AxiosResponse } from 'axios';
import type { JobFields } from '@placement/domain';
import { http } from '../../../shared/api/http';
import { postJobRequested } from './postJobSlice';
import { postJobSubmitSaga } from './sagas';

const job = { companyName: 'Acme' } as JobFields;

async function run(mode: 'public' | 'staff') {
  const dispatched: AnyAction[] = [];
  await (runSaga as (o: unknown, s: unknown, a: unknown) => { toPromise(): Promise<unknown> })({ dispatch: (a: AnyAction) => dispatched.push(a) }, postJobSubmitSaga, postJobRequested({ job, mode })).toPromise();
  return dispatched;
}

afterEach(() => jest.restoreAllMocks());

describe('postJobSubmitSaga', () => {
  it('posts a visitor job to /api/jobs/public without a token, and staff jobs to /api/jobs', async () => {
    const post = jest.spyOn(http, 'post').mockResolvedValue({ data: { message: 'ok' } } as AxiosResponse);
    const actions = await run('public');
    expect(post).toHaveBeenCalledWith('/api/jobs/public', job, { headers: { Authorization: false } });
    expect(actions.map((a) => a.type)).toContain('postJob/postJobSucceeded');
    expect(actions.find((a) => a.type === 'notifications/notify')?.payload.summary).toBe('Job posting submitted successfully and awaiting admin approval');
    await run('staff');
    expect(post).toHaveBeenLastCalledWith('/api/jobs', job);
  });

  it("shows 'Error: {message}', defaulting to 'Failed to submit job posting'", async () => {
    const withBody = new AxiosError('bad', '400', undefined, undefined, { data: { message: 'Too many submissions' }, status: 429 } as AxiosResponse);
    jest.spyOn(http, 'post').mockRejectedValueOnce(withBody).mockRejectedValueOnce(new Error('offline'));
    expect((await run('public')).find((a) => a.type === 'postJob/postJobFailed')?.payload.message).toBe('Error: Too many submissions');
    expect((await run('public')).find((a) => a.type === 'postJob/postJobFailed')?.payload.message).toBe('Error: Failed to submit job posting');
  });
});
