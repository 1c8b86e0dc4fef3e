import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import type { AnalysisResponse } from '../types';
import ResumeInsightsPage from './ResumeInsightsPage';

const pdf = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });

const full: AnalysisResponse = {
  success: true,
  error: null,
  ats_score: 78,
  factorScores: { keyword_match: 0.5, format_score: 1, word_count: 0.8, action_verbs: 0.6, file_format: 1, contact_info: 0.75, education_format: 0.9 },
  recommendations: [
    { priority: 'low', category: 'Length', recommendation: 'Trim older roles.' },
    { category: 'Keywords', recommendation: 'Add cloud keywords.' },
    { priority: 'high', category: 'Contact', recommendation: 'Add a phone number.' },
  ],
  keywordAnalysis: { industryKeywords: { languages: ['python', 'java'] }, missingIndustryKeywords: { cloud: ['aws'] }, jobDescription: { matched: ['react'], missing: ['graphql'], matchRate: 0.5 } },
  metrics: { formattingIssues: ['Tables found'] },
  sections: { found: ['education', 'skills'], missing: ['projects'] },
  contact: { name: 'Asha Verma', email: 'asha@university.edu', phone: null, links: [] },
};

const renderPage = () => renderWithApp(<ResumeInsightsPage />, { auth: signedIn('student') });

describe('ResumeInsightsPage', () => {
  it('has the form with the software default and a disabled button without a file', () => {
    renderPage();
    expect(screen.getByLabelText(/^Target Industry/)).toHaveValue('software');
    expect(within(screen.getByLabelText(/^Target Industry/)).getAllByRole('option')).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Check ATS Score' })).toBeDisabled();
    expect(screen.getByText('Please select a file first.')).toBeInTheDocument();
  });

  it('refuses a file that is not PDF or Word', () => {
    renderPage();
    fireEvent.change(screen.getByLabelText(/^Resume/), { target: { files: [new File(['x'], 'cv.png', { type: 'image/png' })] } });
    expect(screen.getByText('Please upload a PDF or Word document.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check ATS Score' })).toBeDisabled();
  });

  it('starts the analysis and sends the job description only when not blank', () => {
    const { store } = renderPage();
    fireEvent.change(screen.getByLabelText(/^Resume/), { target: { files: [pdf] } });
    fireEvent.change(screen.getByLabelText(/^Job Description/), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText(/^Target Industry/), { target: { value: 'finance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check ATS Score' }));
    expect(store.getState().resume.status).toBe('analysing');
    expect(screen.getByText(/Analyzing your resume... 0%/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Analyzing/ })).toBeDisabled();
  });

  it('shows an analysis error', () => {
    const { store } = renderPage();
    act(() => {
      store.dispatch({ type: 'resume/analysisFailed', payload: 'Unknown error occurred.' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown error occurred.');
  });

  it('shows every part of the results, recommendations by priority', () => {
    const { store } = renderPage();
    act(() => {
      store.dispatch({ type: 'resume/analysisSucceeded', payload: full });
    });
    expect(screen.getByLabelText('ATS score 78 percent: Very Good')).toBeInTheDocument();
    expect(screen.getByText('Keyword Match')).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(7);
    const recommendations = within(screen.getByRole('region', { name: 'Recommendations' })).getAllByRole('listitem');
    expect(recommendations.map((item) => item.querySelector('p')?.textContent)).toEqual(['Add a phone number.', 'Add cloud keywords.', 'Trim older roles.']);
    expect(within(recommendations[1]!).getByText('Medium priority')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Keywords found: Languages' })).toHaveTextContent('pythonjava');
    expect(screen.getByText('Tables found')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Matched job keywords' })).toHaveTextContent('react');
    expect(screen.getByRole('list', { name: 'Missing job keywords' })).toHaveTextContent('graphql');
    expect(screen.getByRole('list', { name: 'Sections missing' })).toHaveTextContent('Projects');
    expect(screen.getAllByText('Not found')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Replace Resume' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze New Resume' }));
    expect(store.getState().resume.status).toBe('idle');
    expect(screen.getByRole('button', { name: 'Check ATS Score' })).toBeDisabled();
  });

  it('shows the empty states of a bare reply', () => {
    const { store } = renderPage();
    act(() => {
      store.dispatch({ type: 'resume/analysisSucceeded', payload: { success: true, ats_score: 30 } });
    });
    expect(screen.getByLabelText('ATS score 30 percent: Poor')).toBeInTheDocument();
    expect(screen.getByText('No factor scores available.')).toBeInTheDocument();
    expect(screen.getByText('No recommendations: your resume covers the basics.')).toBeInTheDocument();
    expect(screen.getByText('No industry keywords found.')).toBeInTheDocument();
    expect(screen.getByText('No formatting issues found.')).toBeInTheDocument();
  });
});
