import { runSaga } from 'redux-saga';
import type { ExperienceFields } from '@placement/domain';
import type { AnyAction } from '@reduxjs/toolkit';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { totalOf } from '../../shared/api/totalCount';
import { interviewsApi, listParams } from './api';
import { experienceSubmitRequested, type InterviewsState } from './interviewsSlice';
import { fetchExperiencesSaga, submitExperienceSaga } from './sagas';

const fields = {
  companyName: 'Acme',
  role: 'SDE',
  author: 'Asha',
  batch: '2025',
  course: 'B.Tech',
  interviewLocation: 'Online',
  offerStatus: 'No Selected',
  experienceRating: 'Neutral',
  difficulty: 'Medium',
  rounds: [{ name: 'Test', description: 'x' }],
} satisfies ExperienceFields;

async function run(saga: (...args: never[]) => unknown, action: unknown, state?: Partial<InterviewsState>) {
  const dispatched: AnyAction[] = [];
  const options = { dispatch: (a: AnyAction) => dispatched.push(a), getState: () => ({ interviews: { company: '', role: '', sort: 'dateDesc', page: 1, ...state } }) };
  await (runSaga as (o: unknown, s: unknown, a: unknown) => { toPromise(): Promise<unknown> })(options, saga, action).toPromise();
  return dispatched;
}

afterEach(() => jest.restoreAllMocks());

describe('interview sagas', () => {
  it('asks for 5 per page with the filters and reads X-Total-Count', async () => {
    expect(listParams({ company: ' acme ', role: '', sort: 'companyAsc', page: 2 })).toEqual({ company: 'acme', sort: 'companyAsc', page: 2, limit: 5 });
    expect(totalOf(new AxiosHeaders({ 'X-Total-Count': '17' }), 3)).toBe(17);
    expect(totalOf({}, 3)).toBe(3);
    const list = jest.spyOn(interviewsApi, 'list').mockResolvedValue({ data: [{ _id: 'e1', companyName: 'A', role: 'B' }], headers: new AxiosHeaders({ 'X-Total-Count': '6' }) } as unknown as AxiosResponse);
    const actions = await run(fetchExperiencesSaga, { type: 'interviews/experiencesRequested' }, { company: 'acme' });
    expect(list).toHaveBeenCalledWith({ company: 'acme', role: '', sort: 'dateDesc', page: 1 });
    expect(actions).toContainEqual({ type: 'interviews/experiencesLoaded', payload: { items: [{ _id: 'e1', companyName: 'A', role: 'B' }], total: 6 } });
  });

  it('reports a load failure inline and as a toast', async () => {
    jest.spyOn(interviewsApi, 'list').mockRejectedValue(new Error('down'));
    const actions = await run(fetchExperiencesSaga, { type: 'interviews/experiencesRequested' });
    expect(actions).toContainEqual({ type: 'interviews/experiencesFailed', payload: 'Failed to load interview experiences.' });
    expect(actions.find((a) => a.type === 'notifications/notify')?.payload).toMatchObject({ severity: 'error', summary: 'Failed to load interview experiences.' });
  });

  it('submits and reports success', async () => {
    const submit = jest.spyOn(interviewsApi, 'submit').mockResolvedValue({ data: {} } as AxiosResponse);
    const actions = await run(submitExperienceSaga, experienceSubmitRequested(fields));
    expect(submit).toHaveBeenCalledWith(fields);
    expect(actions.map((a) => a.type)).toContain('interviews/experienceSubmitted');
    expect(actions.find((a) => a.type === 'notifications/notify')?.payload).toMatchObject({
      summary: 'Interview experience submitted successfully!',
      detail: 'It will appear on Interview Insights once the placement team has reviewed it.',
    });
  });

  it('shows the server message, else the fallback', async () => {
    const withBody = new AxiosError('bad', '400', undefined, undefined, { data: { message: 'Duplicate' }, status: 400 } as AxiosResponse);
    jest.spyOn(interviewsApi, 'submit').mockRejectedValueOnce(withBody).mockRejectedValueOnce(new Error('offline'));
    expect((await run(submitExperienceSaga, experienceSubmitRequested(fields))).find((a) => a.type === 'interviews/experienceSubmitFailed')?.payload.message).toBe('Duplicate');
    expect((await run(submitExperienceSaga, experienceSubmitRequested(fields))).find((a) => a.type === 'interviews/experienceSubmitFailed')?.payload.message).toBe('Failed to submit experience.');
  });
});
