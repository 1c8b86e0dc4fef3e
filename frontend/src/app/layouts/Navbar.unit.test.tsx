import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reloadAt } from '../../shared/navigation';
import { authState, renderWithApp, signedIn } from '../../test/render';
import { Navbar } from './Navbar';

jest.mock('../../shared/navigation', () => ({ ...jest.requireActual('../../shared/navigation'), reloadAt: jest.fn() }));

describe('Navbar (spec §2)', () => {
  it('links the logo to home', () => {
    renderWithApp(<Navbar />, { auth: authState() });
    expect(screen.getByRole('link', { name: 'CDC Placement Portal, home' })).toHaveAttribute('href', '/');
  });

  it('shows About and Sign In when logged out', () => {
    renderWithApp(<Navbar />, { auth: authState() });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth-Container');
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it.each([
    ['student', '/dashboard'],
    ['admin', '/admin-panel'],
  ])('shows Dashboard (%s → %s) and Logout when logged in', (role, dashboard) => {
    renderWithApp(<Navbar />, { auth: signedIn(role) });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', dashboard);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
  });

  it('logs out: removes the token, goes home and reloads', async () => {
    localStorage.setItem('token', 'token-1');
    localStorage.setItem('role', 'student');
    const { store } = renderWithApp(<Navbar />, { auth: signedIn('student'), withSagas: true });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(store.getState().auth).toMatchObject({ token: null, user: null, role: null, isAuthenticated: false });
    expect(reloadAt).toHaveBeenCalledWith('/');
  });

  it('toggles the links with the hamburger button, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    renderWithApp(<Navbar />, { auth: authState() });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const links = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(links).not.toHaveClass('navbar__links--open');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(links).toHaveClass('navbar__links--open');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});
