import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { LocationProbe, authState, renderWithApp, signedIn } from '../../test/render';
import { sessionUser } from '../../test/sessionFixtures';
import { awaitOpenedRoute } from '../openedRoute';
import { RedirectIfSignedIn } from './RedirectIfSignedIn';
import { RequireRole } from './RequireRole';
import { UnknownPathRedirect } from './UnknownPathRedirect';

function guarded(allow: ('student' | 'staff' | 'admin')[]) {
  return (
    <Routes>
      <Route element={<RequireRole allow={allow} />}>
        <Route path="/guarded" element={<p>Guarded content</p>} />
      </Route>
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}

const location = () => screen.getByTestId('location');

describe('RequireRole (spec §2, route guard)', () => {
  it("shows 'Loading...' while auth is loading", () => {
    renderWithApp(guarded(['student']), { route: '/guarded', auth: authState({ loading: true, token: 't', isAuthenticated: true, role: 'student', user: sessionUser({ fullName: 'A' }) }) });
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading\.\.\.$/);
    expect(screen.queryByText('Guarded content')).not.toBeInTheDocument();
  });

  it("keeps 'Loading...' while the opened route's chunks are on their way, then shows the route at once", async () => {
    let arrive: () => void = () => undefined;
    awaitOpenedRoute([new Promise<void>((resolve) => (arrive = resolve))]);
    renderWithApp(guarded(['student']), { route: '/guarded', auth: signedIn('student') });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Guarded content')).not.toBeInTheDocument();
    await act(async () => arrive());
    expect(screen.getByText('Guarded content')).toBeInTheDocument();
  });

  it("waits for the opened route's chunks only so long: a slow chunk shows its spinner as before", () => {
    jest.useFakeTimers();
    try {
      awaitOpenedRoute([new Promise<void>(() => undefined)], 1500);
      renderWithApp(guarded(['student']), { route: '/guarded', auth: signedIn('student') });
      expect(screen.getByText('Loading...')).toBeInTheDocument();
      act(() => void jest.advanceTimersByTime(1500));
      expect(screen.getByText('Guarded content')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows 'Loading...' when a token exists but no user is loaded yet", () => {
    renderWithApp(guarded(['student']), { route: '/guarded', auth: authState({ token: 't', isAuthenticated: true, role: 'student' }) });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('sends a visitor without a token to /auth-Container, remembering where they came from', () => {
    renderWithApp(guarded(['student']), { route: '/guarded?page=2', auth: authState() });
    expect(location()).toHaveTextContent(/^\/auth-Container$/);
    const state = JSON.parse(location().dataset.state!);
    expect(state.from).toMatchObject({ pathname: '/guarded', search: '?page=2' });
  });

  it('sends an authenticated user without a role to /auth-Container', () => {
    renderWithApp(guarded(['student']), { route: '/guarded', auth: signedIn(null, { fullName: 'No Role' }) });
    expect(location()).toHaveTextContent(/^\/auth-Container$/);
  });

  it.each([
    ['admin', ['student'], '/admin-panel'],
    ['staff', ['student'], '/admin-panel'],
    ['student', ['admin', 'staff'], '/student-details'],
    ['alumni', ['student'], '/'],
  ] as const)('sends a %s on a route for %j to %s', (role, allow, target) => {
    renderWithApp(guarded([...allow]), { route: '/guarded', auth: signedIn(role) });
    expect(location()).toHaveTextContent(new RegExp(`^${target}$`));
  });

  it.each(['student', 'admin', 'staff'] as const)('lets a %s through to a route for that role', (role) => {
    renderWithApp(guarded([role]), { route: '/guarded', auth: signedIn(role) });
    expect(screen.getByText('Guarded content')).toBeInTheDocument();
  });
});

describe('RedirectIfSignedIn (the sign-in page)', () => {
  const signInRoutes = (
    <Routes>
      <Route element={<RedirectIfSignedIn />}>
        <Route path="/auth-Container" element={<p>Sign-in page</p>} />
      </Route>
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );

  it.each([
    ['admin', '/admin-panel'],
    ['staff', '/admin-panel'],
    ['student', '/student-details'],
    ['alumni', '/student-details'],
  ])('sends a signed-in %s to %s', (role, target) => {
    renderWithApp(signInRoutes, { route: '/auth-Container', auth: signedIn(role) });
    expect(location()).toHaveTextContent(new RegExp(`^${target}$`));
  });

  it('shows the page to visitors and to users without a role', () => {
    renderWithApp(signInRoutes, { route: '/auth-Container', auth: signedIn(null) });
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
  });
});

describe('UnknownPathRedirect', () => {
  const unknown = (
    <Routes>
      <Route path="/nowhere" element={<UnknownPathRedirect />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );

  it.each([
    ['admin', '/admin-panel'],
    ['staff', '/admin-panel'],
    ['student', '/student-details'],
  ])('sends a %s to %s', (role, target) => {
    renderWithApp(unknown, { route: '/nowhere', auth: signedIn(role) });
    expect(location()).toHaveTextContent(new RegExp(`^${target}$`));
  });

  it('sends anyone else to /auth-Container', () => {
    renderWithApp(unknown, { route: '/nowhere', auth: authState({ role: 'student' }) });
    expect(location()).toHaveTextContent(/^\/auth-Container$/);
  });
});
