import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { LocationProbe, renderWithApp, signedIn } from '../../../test/render';
import AdminInterviewExperiencesPage from '../pages/AdminInterviewExperiencesPage';
import AdminPanelPage from '../pages/AdminPanelPage';
import { api, resetApi } from '../test/mockApi';
import { reloadAt } from '../../../shared/navigation';

jest.mock('../api', () => ({
  adminApi: Object.fromEntries(
    ['userStats', 'jobStats', 'applicationStats', 'trainingStats', 'experienceStats', 'listUsers', 'listExperiences', 'listTrainings'].map((name) => [name, jest.fn()]),
  ),
}));
jest.mock('../email/api', () => ({
  emailApi: Object.fromEntries(['userGroups', 'templates', 'saveTemplate', 'send', 'campaigns', 'campaign'].map((name) => [name, jest.fn(() => Promise.resolve({ data: { users: [] } }))])),
}));
// Quill is an ES module that needs a real browser.
jest.mock('../email/RichTextEditor', () => ({ __esModule: true, default: () => null }));
jest.mock('primereact/chart', () => ({ Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));
jest.mock('../../../shared/navigation', () => ({ ...jest.requireActual('../../../shared/navigation'), reloadAt: jest.fn(), navigateTo: jest.fn() }));

const tree = (
  <>
    <Routes>
      <Route path="/admin-panel" element={<AdminPanelPage />} />
      <Route path="/admin-panel/interview-experiences" element={<AdminInterviewExperiencesPage />} />
    </Routes>
    <LocationProbe />
  </>
);

beforeEach(() => {
  api.userStats.mockResolvedValue({ data: {} });
  api.jobStats.mockResolvedValue({ data: {} });
  api.applicationStats.mockResolvedValue({ data: {} });
  api.trainingStats.mockResolvedValue({ data: {} });
  api.experienceStats.mockResolvedValue({ data: {} });
  api.listUsers.mockResolvedValue({ data: [] });
  api.listExperiences.mockResolvedValue({ data: [] });
  api.listTrainings.mockResolvedValue({ data: [] });
});
afterEach(() => {
  resetApi();
  (reloadAt as jest.Mock).mockReset();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('admin panel shell', () => {
  it('shows the admin sidebar, profile block and breadcrumb, landing on the dashboard', async () => {
    renderWithApp(tree, { auth: signedIn('admin'), route: '/admin-panel', withSagas: true });
    const sidebar = screen.getByRole('complementary', { name: 'Admin Panel' });
    expect(within(sidebar).getByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(within(sidebar).getByText('Admin User')).toBeInTheDocument();
    expect(within(sidebar).getByText('Admin')).toBeInTheDocument();
    expect(within(sidebar).getByText('A')).toBeInTheDocument();
    const nav = within(sidebar).getByRole('navigation', { name: 'Panel sections' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual([
      'Dashboard',
      'User Management',
      'Job Management',
      'Application Review',
      'Bulk Email',
      'Training Management',
      'Interview Experiences',
      'Placement Statistics',
      'Placement Policy',
      'Audit History',
      'Dead Letters',
      'System Status',
    ]);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Dashboard')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Total Users')).toBeInTheDocument();
  });

  it('lands staff on e-mails and hides the admin-only sections', async () => {
    renderWithApp(tree, { auth: signedIn('staff'), route: '/admin-panel', withSagas: true });
    const sidebar = screen.getByRole('complementary', { name: 'Staff Panel' });
    expect(within(sidebar).getByText('Staff User')).toBeInTheDocument();
    expect(within(sidebar).getByText('Staff')).toBeInTheDocument();
    const nav = within(sidebar).getByRole('navigation', { name: 'Panel sections' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Bulk Email', 'Training Management', 'Interview Experiences']);
    expect(within(nav).getByRole('button', { name: 'Bulk Email' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('0 recipients selected')).toBeInTheDocument();
    expect(api.userStats).not.toHaveBeenCalled();
  });

  it('keeps the section in the URL, and replaces a section the role may not see', async () => {
    renderWithApp(tree, { auth: signedIn('staff'), route: '/admin-panel?section=users', withSagas: true });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel?section=emails');
    await userEvent.click(screen.getByRole('button', { name: 'Interview Experiences' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel?section=interview-experiences');
    expect(await screen.findByRole('heading', { name: 'Manage Interview Experiences' })).toBeInTheDocument();
  });

  it('opens a section named in the URL', async () => {
    renderWithApp(tree, { auth: signedIn('admin'), route: '/admin-panel?section=users', withSagas: true });
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('opens interview experiences at /admin-panel/interview-experiences', async () => {
    renderWithApp(tree, { auth: signedIn('staff'), route: '/admin-panel/interview-experiences', withSagas: true });
    expect(screen.getByRole('heading', { name: 'Manage Interview Experiences' })).toBeInTheDocument();
    expect(await screen.findByText('No interview experiences found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Training Management' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel?section=trainings');
    expect(await screen.findByText('No trainings available.')).toBeInTheDocument();
  });

  it('logs out from the profile block', async () => {
    const { store } = renderWithApp(tree, { auth: signedIn('admin'), route: '/admin-panel', withSagas: false });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(reloadAt).toHaveBeenCalledWith('/');
  });

  it('is not available at 768 px or less', () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: query === '(max-width: 768px)', addEventListener: () => undefined, removeEventListener: () => undefined }),
    });
    renderWithApp(tree, { auth: signedIn('admin'), route: '/admin-panel' });
    expect(screen.getByRole('heading', { name: 'Admin Panel Not Available' })).toBeInTheDocument();
    expect(screen.getByText('This Admin Panel cannot be accessed on mobile devices.')).toBeInTheDocument();
    expect(screen.getByText('Please use a desktop or laptop for full functionality.')).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
