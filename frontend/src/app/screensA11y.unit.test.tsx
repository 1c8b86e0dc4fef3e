import axe from 'axe-core';
import { act } from '@testing-library/react';
import { authState, renderWithApp, signedIn } from '../test/render';
import { profileReply } from '../test/sessionFixtures';
import StudentDetailsPage from '../features/profile/pages/StudentDetailsPage';
import InterviewInsightsPage from '../features/interviews/pages/InterviewInsightsPage';
import SubmitExperiencePage from '../features/interviews/pages/SubmitExperiencePage';
import PostJobPage from '../features/jobs/pages/PostJobPage';
import ResumeInsightsPage from '../features/resume/pages/ResumeInsightsPage';

/** No axe-core violation of 'serious' or 'critical' impact on the four forms' screens (issue 7). */
async function seriousViolations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('accessibility of the student and public forms', () => {
  it('profile form', async () => {
    window.localStorage.setItem('token', 't');
    const { container } = renderWithApp(<StudentDetailsPage />, {
      auth: signedIn('student'),
      preloadedState: { profile: { user: profileReply({ fullName: 'Asha', email: 'a@university.edu', rollNo: 'R1' }), loading: false, error: null, save: { status: 'idle', progress: 0, error: null, fieldErrors: {} } } },
    });
    expect(await seriousViolations(container)).toEqual([]);
    window.localStorage.clear();
  });

  it('interview insights with a card', async () => {
    const { container, store } = renderWithApp(<InterviewInsightsPage />, { auth: signedIn('student') });
    act(() => {
      store.dispatch({ type: 'interviews/experiencesLoaded', payload: { items: [{ _id: 'e1', companyName: 'Acme', role: 'SDE', postedDate: '2025-03-01' }], total: 11 } });
    });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('share experience form', async () => {
    const { container } = renderWithApp(<SubmitExperiencePage />);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('job posting form', async () => {
    const { container } = renderWithApp(<PostJobPage />, { auth: authState() });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('resume insights form and results', async () => {
    const { container, store } = renderWithApp(<ResumeInsightsPage />, { auth: signedIn('student') });
    expect(await seriousViolations(container)).toEqual([]);
    act(() => {
      store.dispatch({
        type: 'resume/analysisSucceeded',
        payload: { success: true, ats_score: 64, factorScores: { keyword_match: 0.4 }, recommendations: [{ recommendation: 'Add skills' }], metrics: { formattingIssues: ['x'] } },
      });
    });
    expect(await seriousViolations(container)).toEqual([]);
  });
});
