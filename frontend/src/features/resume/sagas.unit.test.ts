import { runSaga } from 'redux-saga';
import type { AnyAction } from '@reduxjs/toolkit';
import { AxiosError, type AxiosResponse } from 'axios';
import { analysisFormData, resumeApi } from './api';
import { analysisRequested } from './resumeSlice';
import { analyzeSaga, historySaga } from './sagas';

const pdf = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });

async function run() {
  const dispatched: AnyAction[] = [];
  await (runSaga as (o: unknown, s: unknown, a: unknown) => { toPromise(): Promise<unknown> })(
    { dispatch: (a: AnyAction) => dispatched.push(a) },
    analyzeSaga,
    analysisRequested({ industry: 'software', jobDescription: '' }, pdf),
  ).toPromise();
  return dispatched;
}

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('resume analysis', () => {
  it('sends resume and industry, and the job description only when not blank', () => {
    const blank = analysisFormData({ industry: 'finance', jobDescription: '  ' }, pdf);
    expect(blank.get('industry')).toBe('finance');
    expect((blank.get('resume') as File).name).toBe('cv.pdf');
    expect(blank.has('job_description')).toBe(false);
    expect(analysisFormData({ industry: 'software', jobDescription: ' React dev ' }, pdf).get('job_description')).toBe('React dev');
  });

  it('raises progress by 10 every 100 ms up to 90, then succeeds at 100', async () => {
    jest.useFakeTimers();
    jest.spyOn(resumeApi, 'analyze').mockReturnValue(later(1500, { data: { success: true, ats_score: 80 } } as AxiosResponse));
    const done = run();
    await jest.advanceTimersByTimeAsync(1600);
    const actions = await done;
    expect(actions.filter((a) => a.type === 'resume/analysisProgressed').map((a) => a.payload)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(actions).toContainEqual({ type: 'resume/analysisSucceeded', payload: { success: true, ats_score: 80 } });
    expect(actions.find((a) => a.type === 'notifications/notify')?.payload.summary).toBe('Resume analyzed successfully!');
  });

  it("uses the server's error, else 'Unknown error occurred.', and the network text without a reply", async () => {
    const refused = new AxiosError('bad', '422', undefined, undefined, { data: { success: false, error: 'This PDF has 9 pages.' }, status: 422 } as AxiosResponse);
    const bare = new AxiosError('bad', '500', undefined, undefined, { data: '', status: 500 } as AxiosResponse);
    const network = new AxiosError('Network Error', 'ERR_NETWORK');
    const analyze = jest.spyOn(resumeApi, 'analyze');
    analyze.mockRejectedValueOnce(refused).mockRejectedValueOnce(bare).mockRejectedValueOnce(network).mockResolvedValueOnce({ data: { success: false } } as AxiosResponse);
    const failure = (actions: AnyAction[]) => actions.find((a) => a.type === 'resume/analysisFailed')?.payload;
    expect(failure(await run())).toBe('This PDF has 9 pages.');
    expect(failure(await run())).toBe('Unknown error occurred.');
    expect(failure(await run())).toBe('Failed to analyze resume. Please try again.');
    expect(failure(await run())).toBe('Unknown error occurred.');
  });

  it('asks for the history after a check that was kept, and loads it or says it failed', async () => {
    jest.spyOn(resumeApi, 'analyze').mockResolvedValueOnce({ data: { success: true, ats_score: 80, analysis: { id: 'a1', position: 7 } } } as AxiosResponse).mockResolvedValueOnce({ data: { success: true, ats_score: 80, analysis: null } } as AxiosResponse);
    expect((await run()).map((a) => a.type)).toContain('resume/historyRequested');
    expect((await run()).map((a) => a.type)).not.toContain('resume/historyRequested');
    const history = async () => {
      const dispatched: AnyAction[] = [];
      await (runSaga as (o: unknown, s: unknown) => { toPromise(): Promise<unknown> })({ dispatch: (a: AnyAction) => dispatched.push(a) }, historySaga).toPromise();
      return dispatched;
    };
    jest.spyOn(resumeApi, 'history').mockResolvedValueOnce({ data: { analyses: [{ analysisId: 'a1' }] } } as AxiosResponse).mockRejectedValueOnce(new AxiosError('down'));
    expect(await history()).toEqual([{ type: 'resume/historyLoaded', payload: [{ analysisId: 'a1' }] }]);
    expect(await history()).toEqual([{ type: 'resume/historyFailed', payload: undefined }]);
  });
});
