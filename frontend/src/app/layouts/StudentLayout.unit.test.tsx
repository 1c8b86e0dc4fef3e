import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { LocationProbe, renderWithApp, signedIn } from '../../test/render';
import { StudentLayout } from './StudentLayout';

const layout = (
  <Routes>
    <Route element={<StudentLayout />}>
      <Route path="/job-listings" element={<p>Listing content</p>} />
      <Route path="/dashboard" element={<p>Dashboard content</p>} />
    </Route>
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

const student = (role = 'student', user: Record<string, unknown> = {}) => signedIn(role, { fullName: 'Asha Verma', role, profilePhoto: null, ...user });

describe('StudentLayout (spec §2)', () => {
  it("greets the user by name, shows their photo and the header 'Student - {page name}'", () => {
    renderWithApp(layout, { route: '/job-listings', auth: student('student', { profilePhoto: '/uploads/photos/asha.png' }) });
    expect(screen.getByText('Hi, Asha Verma')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Student - Job Listings' })).toBeInTheDocument();
    expect(document.querySelector('.student-sidebar__photo')).toHaveAttribute('src', '/uploads/photos/asha.png');
    expect(screen.getByText('Listing content')).toBeInTheDocument();
  });

  it('falls back to the default avatar without a photo', () => {
    renderWithApp(layout, { route: '/dashboard', auth: student() });
    expect(document.querySelector('.student-sidebar__photo')).toHaveAttribute('src', 'test-file-stub');
  });

  it('lists the student links in order, without the admin link for students', () => {
    renderWithApp(layout, { route: '/dashboard', auth: student() });
    const nav = screen.getByRole('navigation', { name: 'Student pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Job Listings', 'My Applications', 'CDC Trainings', 'Interview Insights', 'Profile']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/dashboard', '/job-listings', '/my-applications', '/cdc-trainings', '/interview-insights', '/profile']);
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows Admin Dashboard (/admin-mgmnt) to admins only', () => {
    renderWithApp(layout, { route: '/dashboard', auth: student('admin') });
    expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin-mgmnt');
  });

  it.each(['staff'])('does not show Admin Dashboard to %s', (role) => {
    renderWithApp(layout, { route: '/dashboard', auth: student(role) });
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('logs out: clears the auth state and storage and goes to the sign-in page', async () => {
    localStorage.setItem('token', 'token-1');
    localStorage.setItem('role', 'student');
    const { store } = renderWithApp(layout, { route: '/dashboard', auth: student(), withSagas: true });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth-Container$/);
    expect(store.getState().auth).toMatchObject({ user: null, token: null, role: null, isAuthenticated: false, error: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
  });

  it('opens and closes the sidebar with the menu button and Escape on small screens', async () => {
    const user = userEvent.setup();
    renderWithApp(layout, { route: '/dashboard', auth: student() });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
