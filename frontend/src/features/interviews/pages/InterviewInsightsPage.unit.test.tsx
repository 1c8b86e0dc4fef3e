import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import type { InterviewsState } from '../interviewsSlice';
import InterviewInsightsPage from './InterviewInsightsPage';

const base: InterviewsState = {
  company: '',
  role: '',
  sort: 'dateDesc',
  page: 1,
  items: [],
  total: 0,
  status: 'loaded',
  error: null,
  submit: { status: 'idle', error: null, fieldErrors: {}, resets: 0 },
};

const experience = {
  _id: 'e1',
  companyName: 'Acme',
  role: 'SDE Intern',
  author: 'Asha',
  batch: '2025',
  course: 'B.Tech',
  interviewLocation: 'Online',
  offerStatus: 'Accepted',
  experienceRating: 'Amazing',
  difficulty: 'Medium',
  postedDate: '2025-03-10T09:00:00.000Z',
  rounds: [{ name: 'Online Test', description: 'Two coding problems' }],
};

const renderPage = (interviews: Partial<InterviewsState>) =>
  renderWithApp(<InterviewInsightsPage />, { auth: signedIn('student'), preloadedState: { interviews: { ...base, ...interviews } } });

describe('InterviewInsightsPage', () => {
  it('links to the share form and offers the four sorts', () => {
    renderPage({});
    expect(screen.getByRole('link', { name: 'Share Your Experience' })).toHaveAttribute('href', '/submit-interview-experience');
    expect(within(screen.getByLabelText('Sort by')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Newest First', 'Oldest First', 'Company A-Z', 'Company Z-A']);
    expect(screen.getByLabelText('Search by company')).toBeInTheDocument();
    expect(screen.getByLabelText('Search by role')).toBeInTheDocument();
  });

  it('shows the empty state once the list is loaded empty, and a search miss', () => {
    const { store } = renderPage({});
    act(() => {
      store.dispatch({ type: 'interviews/experiencesLoaded', payload: { items: [], total: 0 } });
    });
    expect(screen.getByText('No interview experiences shared yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search by company'), { target: { value: 'zzz' } });
    act(() => {
      store.dispatch({ type: 'interviews/experiencesLoaded', payload: { items: [], total: 0 } });
    });
    expect(screen.getByText('No interview experiences match your search.')).toBeInTheDocument();
  });

  it('shows the load failure inline', () => {
    const { store } = renderPage({});
    act(() => {
      store.dispatch({ type: 'interviews/experiencesFailed', payload: 'Failed to load interview experiences.' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load interview experiences.');
  });

  it('goes back to page 1 when a filter or the sort changes', () => {
    const { store } = renderPage({ page: 3 });
    fireEvent.change(screen.getByLabelText('Search by role'), { target: { value: 'sde' } });
    expect(store.getState().interviews.page).toBe(1);
    act(() => {
      store.dispatch({ type: 'interviews/pageChanged', payload: 2 });
    });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'companyAsc' } });
    expect(store.getState().interviews).toMatchObject({ page: 1, sort: 'companyAsc', role: 'sde' });
  });

  it('shows cards, pages and the detail modal', () => {
    const { store } = renderPage({});
    act(() => {
      store.dispatch({ type: 'interviews/experiencesLoaded', payload: { items: [experience], total: 12 } });
    });
    expect(screen.getByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByText('March 2025')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Interview experiences pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pager).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(store.getState().interviews.page).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'View details: Acme, SDE Intern' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Two coding problems')).toBeInTheDocument();
    expect(within(dialog).getByText('Online')).toBeInTheDocument();
  });
});
