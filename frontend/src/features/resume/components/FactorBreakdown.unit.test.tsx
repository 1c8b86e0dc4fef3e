import axe from 'axe-core';
import { act, screen, within } from '@testing-library/react';
import { ATS_FACTORS, type FactorDetails, type ResumeAnalysisEntry } from '@placement/domain';
import { renderWithApp, signedIn } from '../../../test/render';
import ResumeInsightsPage from '../pages/ResumeInsightsPage';
import type { AnalysisResponse } from '../types';

jest.mock('primereact/chart', () => ({ Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));

const details: FactorDetails = {
  keyword_match: {
    weight: 0.3,
    score: 0.5,
    points: 15,
    maxPoints: 30,
    evidence: { industryFound: ['Python', 'SQL'], industryMissing: ['Docker'], industryTarget: 25, jobDescription: { matched: ['React'], missing: ['GraphQL'], matchRate: 0.5 } },
  },
  format_score: { weight: 0.15, score: 0.9, points: 13.5, maxPoints: 15, evidence: { issues: [{ id: 'tables', penalty: 0.1, message: 'The document uses a table for layout.' }] } },
  word_count: { weight: 0.1, score: 1, points: 10, maxPoints: 10, evidence: { words: 420, idealMin: 300, idealMax: 700 } },
  action_verbs: {
    weight: 0.2,
    score: 0.6,
    points: 12,
    maxPoints: 20,
    evidence: {
      statements: 3,
      verbLed: ['Built an API serving 12,000 users', 'Led a team of 4'],
      distinctVerbs: ['Built', 'Led'],
      withoutVerb: ['Responsible for testing'],
      quantified: ['Built an API serving 12,000 users', 'Led a team of 4'],
    },
  },
  file_format: { weight: 0.05, score: 1, points: 5, maxPoints: 5, evidence: { fileType: 'pdf', pageCount: 1, scannedPages: [] } },
  contact_info: {
    weight: 0.1,
    score: 0.7,
    points: 7,
    maxPoints: 10,
    evidence: { items: [{ item: 'email', found: true, weight: 0.4 }, { item: 'phone', found: false, weight: 0.3 }, { item: 'name', found: true, weight: 0.15 }, { item: 'link', found: true, weight: 0.15 }] },
  },
  education_format: {
    weight: 0.1,
    score: 1,
    points: 10,
    maxPoints: 10,
    evidence: { items: [{ item: 'section', found: true, weight: 0.4 }, { item: 'degree', found: true, weight: 0.25 }, { item: 'institution', found: true, weight: 0.15 }, { item: 'year', found: true, weight: 0.1 }, { item: 'grade', found: true, weight: 0.1 }] },
  },
};

const reply: AnalysisResponse = {
  success: true,
  error: null,
  ats_score: 73,
  factorScores: Object.fromEntries(ATS_FACTORS.map((f) => [f, details[f].score])),
  recommendations: [],
  keywordAnalysis: { industryKeywords: { languages: ['Python', 'SQL'] } },
  metrics: { formattingIssues: [] },
  scorerVersion: '1.0.0',
  factorDetails: details,
  analysis: { id: 'a2', position: 42 },
};

const entry = (analysisId: string, analysedAt: string, atsScore: number, scorerVersion: string, fileHash: string, keywordPoints: number): ResumeAnalysisEntry => ({
  analysisId,
  studentId: 's1',
  analysedAt,
  scorerVersion,
  fileHash,
  fileType: 'pdf',
  industry: 'software',
  jobDescriptionHash: null,
  atsScore,
  label: atsScore >= 60 ? 'Good' : 'Needs Improvement',
  factors: Object.fromEntries(ATS_FACTORS.map((f) => [f, { score: 0.5, points: f === 'keyword_match' ? keywordPoints : 5 }])) as ResumeAnalysisEntry['factors'],
});

const renderPage = () => renderWithApp(<ResumeInsightsPage />, { auth: signedIn('student') });

describe('/cv explains the score and keeps its history', () => {
  it("shows each factor's points with its evidence and the scorer version", () => {
    const { store } = renderPage();
    act(() => {
      store.dispatch({ type: 'resume/analysisSucceeded', payload: reply });
    });
    expect(screen.getByText('ATS scorer version 1.0.0')).toBeInTheDocument();
    const breakdown = screen.getByRole('region', { name: 'How Your Score Was Calculated' });
    expect(breakdown).toHaveTextContent('together they make 72.5 of 100 points');
    expect(within(breakdown).getByText('15 / 30 points')).toBeInTheDocument();
    expect(within(breakdown).getByText('13.5 / 15 points')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Keyword match: industry keywords found' })).toHaveTextContent('PythonSQL');
    expect(screen.getByRole('list', { name: 'Keyword match: industry keywords missing' })).toHaveTextContent('Docker');
    expect(screen.getByRole('list', { name: 'Keyword match: job keywords missing' })).toHaveTextContent('GraphQL');
    expect(within(screen.getByRole('list', { name: 'Action verbs: statements counted as quantified' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Built an API serving 12,000 users',
      'Led a team of 4',
    ]);
    expect(screen.getByRole('list', { name: 'Action verbs: statements without an action verb' })).toHaveTextContent('Responsible for testing');
    expect(screen.getByRole('list', { name: 'Formatting: issues and their cost' })).toHaveTextContent('The document uses a table for layout. (−1.5 points)');
    expect(screen.getByRole('list', { name: 'Contact information: items' })).toHaveTextContent('Phone number: not found (3 points)');
  });

  it('charts the score over time and compares the last two checks factor by factor, naming a scorer change on the same file', () => {
    const { store } = renderPage();
    act(() => {
      store.dispatch({
        type: 'resume/historyLoaded',
        payload: [
          entry('a0', '2025-02-01T10:00:00.000Z', 41, '1.0.0', 'f'.repeat(64), 6),
          entry('a1', '2025-03-01T10:00:00.000Z', 58, '1.0.0', 'a'.repeat(64), 9),
          entry('a2', '2025-03-02T10:00:00.000Z', 63, '1.1.0', 'a'.repeat(64), 12.5),
        ],
      });
    });
    const history = screen.getByRole('region', { name: 'Your Score Over Time' });
    expect(within(history).getByRole('img', { name: 'ATS score over 3 checks, from 41 to 63' })).toBeInTheDocument();
    const rows = within(within(history).getAllByRole('table')[0]!).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Feb 1, 2025', '41 (Needs Improvement)', '—', '1.0.0', 'PDF ffffffff'],
      ['Mar 1, 2025', '58 (Needs Improvement)', '+17', '1.0.0', 'PDF aaaaaaaa'],
      ['Mar 2, 2025', '63 (Good)', '+5', '1.1.0', 'same file'],
    ]);
    expect(history).toHaveTextContent('The scorer changed from version 1.0.0 to 1.1.0 between these checks: the file is the same, so the change is the scorer’s.');
    const perFactor = within(history).getByRole('table', { name: 'Points per factor, previous and latest check' });
    expect(within(within(perFactor).getByRole('rowheader', { name: 'Keyword Match' }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['9', '12.5', '+3.5']);
  });

  it('has no serious accessibility violation with the breakdown and the history shown', async () => {
    const { container, store } = renderPage();
    act(() => {
      store.dispatch({ type: 'resume/analysisSucceeded', payload: reply });
      store.dispatch({
        type: 'resume/historyLoaded',
        payload: [entry('a1', '2025-03-01T10:00:00.000Z', 58, '1.0.0', 'a'.repeat(64), 9), entry('a2', '2025-03-02T10:00:00.000Z', 63, '1.1.0', 'a'.repeat(64), 12.5)],
      });
    });
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  it('asks for the history when the page opens and says when there is none yet', () => {
    const { store } = renderPage();
    expect(store.getState().resume.history.status).toBe('loading');
    act(() => {
      store.dispatch({ type: 'resume/historyLoaded', payload: [] });
    });
    expect(screen.getByText('No checks yet: your scores will appear here after your first check.')).toBeInTheDocument();
  });
});
