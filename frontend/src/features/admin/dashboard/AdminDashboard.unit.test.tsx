import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { renderWithApp, signedIn } from '../../../test/render';
import { navigateTo } from '../../../shared/navigation';
import { api, resetApi } from '../test/mockApi';
import { AdminDashboard } from './AdminDashboard';
import { approvalRate } from './dashboardSlice';

jest.mock('../api', () => ({
  adminApi: Object.fromEntries(['userStats', 'jobStats', 'applicationStats', 'trainingStats', 'experienceStats'].map((name) => [name, jest.fn()])),
}));
jest.mock('primereact/chart', () => ({ Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));
jest.mock('../../../shared/navigation', () => ({ ...jest.requireActual('../../../shared/navigation'), navigateTo: jest.fn() }));

const httpError = (status: number, message = `Request failed with status code ${status}`) =>
  new AxiosError(message, String(status), undefined, undefined, { status, statusText: '', data: {}, headers: {}, config: { headers: new AxiosHeaders() } });

function answer() {
  api.userStats.mockResolvedValue({ data: { totalUsers: 120, activeUsers: 110, pendingApprovals: 7 } });
  api.applicationStats.mockResolvedValue({ data: { totalApplications: 300, pendingReview: 40, approved: 2, rejected: 1 } });
  api.jobStats.mockResolvedValue({ data: { totalJobs: 25, activeJobs: 18, expiredJobs: 4, pendingJobs: 3, approvedJobs: 22, rejectedJobs: 0 } });
  api.trainingStats.mockResolvedValue({ data: { totalTrainings: 9, upcomingTrainings: 5 } });
  api.experienceStats.mockResolvedValue({ data: { totalExperiences: 31 } });
}

const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

afterEach(() => {
  resetApi();
  (navigateTo as jest.Mock).mockReset();
});

describe('AdminDashboard', () => {
  it('computes the approval rate to one decimal, or 0%', () => {
    expect(approvalRate(2, 1)).toBe('66.7%');
    expect(approvalRate(0, 0)).toBe('0%');
    expect(approvalRate(5, 0)).toBe('100.0%');
  });

  it('shows the loading text, then every card and figure', async () => {
    answer();
    const onManage = jest.fn();
    renderWithApp(<AdminDashboard role="admin" onManage={onManage} />, { auth: signedIn('admin'), withSagas: true });
    expect(screen.getByText('Loading dashboard data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(figure('Total Users')).toBe('120');
    expect(figure('Active Users')).toBe('110');
    expect(figure('Pending Approvals')).toBe('7');
    expect(figure('Total Applications')).toBe('300');
    expect(figure('Pending Review')).toBe('40');
    expect(figure('Approval Rate')).toBe('66.7%');
    expect(figure('Total Jobs')).toBe('25');
    expect(figure('Active Jobs')).toBe('18');
    expect(figure('Expired Jobs')).toBe('4');
    expect(figure('Total Trainings')).toBe('9');
    expect(figure('Upcoming Trainings')).toBe('5');
    expect(figure('Total Experiences')).toBe('31');
    for (const heading of ['Application Management', 'Job Management', 'Training Management', 'Interview Experience Management'])
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Applications by status: 40 pending review, 2 accepted, 1 rejected/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Jobs by status: 3 pending, 22 approved, 0 rejected/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Approval rate 66.7%/ })).toBeInTheDocument();

    const manage = screen.getAllByRole('button', { name: /^Manage/ });
    expect(manage).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Manage user' }));
    await userEvent.click(screen.getByRole('button', { name: 'Manage application' }));
    await userEvent.click(screen.getByRole('button', { name: 'Manage job' }));
    await userEvent.click(screen.getByRole('button', { name: 'Manage training' }));
    await userEvent.click(screen.getByRole('button', { name: 'Manage interview experience' }));
    expect(onManage.mock.calls.map((c) => c[0])).toEqual(['users', 'applications', 'jobs', 'trainings', 'interview-experiences']);
  });

  it('tolerates failing training and experience statistics', async () => {
    answer();
    api.trainingStats.mockRejectedValue(httpError(503));
    api.experienceStats.mockRejectedValue(httpError(500));
    renderWithApp(<AdminDashboard role="admin" onManage={jest.fn()} />, { auth: signedIn('admin'), withSagas: true });
    expect(await screen.findByText('Total Trainings')).toBeInTheDocument();
    expect(figure('Total Trainings')).toBe('0');
    expect(figure('Total Experiences')).toBe('0');
    expect(figure('Total Users')).toBe('120');
  });

  it('restricts the dashboard to administrators and loads nothing for staff', () => {
    renderWithApp(<AdminDashboard role="staff" onManage={jest.fn()} />, { auth: signedIn('staff'), withSagas: true });
    expect(screen.getByText('Access to dashboard is restricted to administrators.')).toBeInTheDocument();
    expect(api.userStats).not.toHaveBeenCalled();
    expect(api.jobStats).not.toHaveBeenCalled();
    expect(api.applicationStats).not.toHaveBeenCalled();
  });

  it('shows the server error text on a 500', async () => {
    answer();
    api.jobStats.mockRejectedValue(httpError(500));
    renderWithApp(<AdminDashboard role="admin" onManage={jest.fn()} />, { auth: signedIn('admin'), withSagas: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error while fetching stats. Please try again later.');
  });

  it('shows other failures with their message', async () => {
    answer();
    api.userStats.mockRejectedValue(new Error('Network Error'));
    renderWithApp(<AdminDashboard role="admin" onManage={jest.fn()} />, { auth: signedIn('admin'), withSagas: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load dashboard: Network Error');
  });

  it('logs out and goes to / on a 401', async () => {
    answer();
    api.applicationStats.mockRejectedValue(httpError(401));
    const { store } = renderWithApp(<AdminDashboard role="admin" onManage={jest.fn()} />, { auth: signedIn('admin'), withSagas: true });
    await screen.findByText('Loading dashboard data...');
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(navigateTo).toHaveBeenCalledWith('/', { replace: true });
  });
});
