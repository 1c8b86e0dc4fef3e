import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import { jobsApi } from '../api';
import JobListingsPage, { NO_MATCH_TEXT } from './JobListingsPage';

jest.mock('../api', () => ({ ...jest.requireActual('../api'), jobsApi: { list: jest.fn(), apply: jest.fn() } }));
// The placement policy's verdict has its own tests (placement/PlacementVerdict.unit.test.tsx); here no student holds an offer.
jest.mock('../placement/usePlacement', () => ({ useMyPlacement: () => null }));
const list = jobsApi.list as jest.Mock;

const job = (id: number, extra: object = {}) => ({
  _id: `job-${id}`,
  profiles: `Role ${id}`,
  companyName: `Company ${id}`,
  location: 'Pune',
  offerType: ['Internship + PPO', 'Summer Internship'],
  vacancies: 2,
  ctcOrStipend: '20,000/month',
  skills: ['React'],
  eligibility: 'B.Tech '.repeat(30),
  createdAt: '2025-07-01T10:00:00.000Z',
  ...extra,
});

afterEach(() => list.mockReset());

describe('JobListingsPage', () => {
  it('shows the count, cards and pages', async () => {
    list.mockResolvedValue({ data: { success: true, count: 8, data: [job(1, { hasApplied: true, reference: 'Placement Officer' }), job(2, { createdAt: null })] } });
    renderWithApp(<JobListingsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('Found 8 job listings')).toBeInTheDocument();
    expect(screen.getByText('Already Applied')).toBeInTheDocument();
    expect(screen.getAllByText('2 position(s)')).toHaveLength(2);
    expect(screen.getByText('Recently')).toBeInTheDocument();
    expect(screen.getAllByText(/\.\.\.$/)[0]!.textContent!.length).toBeLessThan(130);
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /View Details: Role 1/ }));
    expect(await screen.findByText('Referred by')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Already Applied' })).toBeDisabled();
  });

  it('shows the no-match message', async () => {
    list.mockResolvedValue({ data: { success: true, count: 0, data: [] } });
    renderWithApp(<JobListingsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText(NO_MATCH_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Found 0 job listings')).toBeInTheDocument();
  });

  it('shows a load failure', async () => {
    list.mockRejectedValue(new Error('network'));
    renderWithApp(<JobListingsPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('Error: Failed to fetch jobs')).toBeInTheDocument();
  });

  it('debounces filter changes by 400 ms', async () => {
    jest.useFakeTimers();
    try {
      list.mockResolvedValue({ data: { success: true, count: 0, data: [] } });
      renderWithApp(<JobListingsPage />, { auth: signedIn('student'), withSagas: true });
      await act(async () => undefined);
      expect(list).toHaveBeenCalledTimes(1);
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'rea' } });
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'react' } });
      await act(async () => jest.advanceTimersByTime(399));
      expect(list).toHaveBeenCalledTimes(1);
      await act(async () => jest.advanceTimersByTime(1));
      expect(list).toHaveBeenCalledTimes(2);
      expect(list.mock.calls[1]![0]).toMatchObject({ search: 'react' });
    } finally {
      jest.useRealTimers();
    }
  });
});
