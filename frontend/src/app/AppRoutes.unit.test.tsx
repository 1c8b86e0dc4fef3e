import { screen } from '@testing-library/react';
import { LocationProbe, authState, renderWithApp, settle, signedIn } from '../test/render';
import { AppRoutes } from './AppRoutes';

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);
const location = () => screen.getByTestId('location');

beforeEach(() => localStorage.clear());

describe('the route table', () => {
  it.each(['/auth-Container', '/authContainer'])('serves the sign-in page at %s', async (path) => {
    renderWithApp(app, { route: path, auth: authState() });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(path);
  });

  it.each([
    ['/', 'Your next job, internship or placement starts here'],
    ['/about', 'Connecting students with the right opportunities'],
    ['/submit-interview-experience', 'Share Your Interview Experience'],
  ])('serves the public page %s to visitors', async (path, heading) => {
    renderWithApp(app, { route: path, auth: authState() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/student-details', '/dashboard', '/profile', '/job-listings', '/my-applications', '/cdc-trainings', '/interview-insights', '/cv'])(
    'guards the student route %s',
    async (path) => {
      renderWithApp(app, { route: path, auth: authState() });
      await settle();
      expect(location()).toHaveTextContent(/^\/auth-Container$/);
      expect(JSON.parse(location().dataset.state!).from.pathname).toBe(path);
    },
  );

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/job-listings', 'Job Listings'],
    ['/cdc-trainings', 'CDC Trainings'],
    ['/cv', 'Resume Insights'],
  ])('shows %s to a student inside the student layout', async (path, name) => {
    renderWithApp(app, { route: path, auth: signedIn('student', { fullName: 'Asha Verma', role: 'student', profilePhoto: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: `Student - ${name}` })).toBeInTheDocument();
  });

  it.each(['/post-job', '/admin-panel', '/admin-panel/interview-experiences'])('sends a student away from the panel route %s', async (path) => {
    renderWithApp(app, { route: path, auth: signedIn('student') });
    await settle();
    expect(location()).toHaveTextContent(/^\/student-details$/);
  });

  it.each(['admin', 'staff'])('lets %s open /post-job and the admin panel', async (role) => {
    const { unmount } = renderWithApp(app, { route: '/post-job', auth: signedIn(role) });
    expect(await screen.findByRole('heading', { name: 'Post a Job' })).toBeInTheDocument();
    unmount();
    renderWithApp(app, { route: '/admin-panel', auth: signedIn(role) });
    expect(await screen.findByRole('heading', { name: role === 'admin' ? 'Admin Panel' : 'Staff Panel' })).toBeInTheDocument();
  });

  it.each([
    ['admin', '/admin-panel'],
    ['staff', '/admin-panel'],
    ['student', '/student-details'],
  ])('redirects an unknown path for a %s to %s', async (role, target) => {
    renderWithApp(app, { route: '/no/such/page', auth: signedIn(role) });
    await settle();
    expect(location()).toHaveTextContent(new RegExp(`^${target}$`));
  });

  it('redirects an unknown path for a visitor to /auth-Container', async () => {
    renderWithApp(app, { route: '/admin-mgmnt', auth: authState() });
    await settle();
    expect(location()).toHaveTextContent(/^\/auth-Container$/);
  });

  it.each([
    ['/faq', '/#faq'],
    ['/contact', '/#contact'],
  ])("leads the footer's %s link to %s", async (path, target) => {
    renderWithApp(app, { route: path, auth: authState() });
    await settle();
    expect(location()).toHaveTextContent(target);
  });

  it("leads the footer's /jobs link to the job listings (signing in first)", async () => {
    renderWithApp(app, { route: '/jobs', auth: authState() });
    await settle();
    expect(location()).toHaveTextContent(/^\/auth-Container$/);
    expect(JSON.parse(location().dataset.state!).from.pathname).toBe('/job-listings');
  });
});
