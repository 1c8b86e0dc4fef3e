import { screen } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import { dashboardApi } from '../api';
import DashboardPage from './DashboardPage';

jest.mock('../api', () => ({ dashboardApi: { jobCount: jest.fn(), applications: jest.fn(), upcomingTrainings: jest.fn() } }));
jest.mock('../components/ApplicationsChart', () => ({ __esModule: true, default: () => <div>chart</div> }));
const api = dashboardApi as unknown as Record<string, jest.Mock>;

afterEach(() => Object.values(api).forEach((mock) => mock.mockReset()));

describe('DashboardPage', () => {
  it('shows the empty texts', async () => {
    api.jobCount!.mockResolvedValue({ data: { count: 12 } });
    api.applications!.mockResolvedValue({ data: [] });
    api.upcomingTrainings!.mockResolvedValue({ data: [] });
    renderWithApp(<DashboardPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('No upcoming trainings scheduled.')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getAllByText('No applications yet').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /CV Insights/ })).toHaveAttribute('href', '/cv');
    expect(screen.getByRole('link', { name: /View All/ })).toHaveAttribute('href', '/cdc-trainings');
  });

  it('shows the breakdown, counting Applied as pending', async () => {
    api.jobCount!.mockResolvedValue({ data: { count: 3 } });
    api.applications!.mockResolvedValue({
      data: ['Applied', 'Applied', 'Under Review', 'Accepted', 'Rejected'].map((status, index) => ({ _id: `a${index}`, status, appliedDate: '2025-07-01', jobId: null })),
    });
    api.upcomingTrainings!.mockResolvedValue({ data: [{ _id: 't1', title: 'Mock Interviews', date: '2099-01-01T10:00:00.000Z', mode: 'Offline' }] });
    renderWithApp(<DashboardPage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText('1 under review, 1 accepted, 2 pending, 1 rejected')).toBeInTheDocument();
    expect(await screen.findByText('Mock Interviews')).toBeInTheDocument();
    expect(await screen.findByText('chart')).toBeInTheDocument();
  });
});
