import type { ReactElement, ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore, type AppStore, type RootState } from '../app/store';
import type { AuthState } from '../shared/session/authSlice';
import { sessionUser } from './sessionFixtures';

/** An auth state for tests: signed out unless told otherwise. */
export function authState(overrides: Partial<AuthState> = {}): AuthState {
  return { user: null, token: null, role: null, isAuthenticated: false, loading: false, error: null, secondFactor: null, ...overrides };
}

/** Signed in as `role`, with a user of the session contract's fields (the test's over the fixture's). */
export const signedIn = (role: string | null, user: Parameters<typeof sessionUser>[0] = { fullName: 'Asha Verma', role }): AuthState =>
  authState({ token: 'token-1', role, user: sessionUser(user), isAuthenticated: true });

/** Shows where the router ended up, and the state it was given. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}${location.hash}`}
    </div>
  );
}

interface Options {
  auth?: AuthState;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  route?: string;
  withSagas?: boolean;
}

/** Renders with a store (no sagas unless asked) and a memory router at `route`. */
export function renderWithApp(ui: ReactElement, { auth, preloadedState, store, route = '/', withSagas = false }: Options = {}) {
  const theStore = store ?? makeStore({ preloadedState: { ...preloadedState, ...(auth ? { auth } : {}) }, withSagas });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={theStore}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </Provider>
  );
  return { store: theStore, ...render(ui, { wrapper }) };
}

/** A route table around `element`, with every other path showing where the router went. */
export function routesAround(path: string, element: ReactElement) {
  return (
    <Routes>
      <Route path={path} element={element} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  );
}

/** Lets lazily loaded screens finish loading inside act (a redirect's target is a lazy chunk). */
export const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/**
 * A PrimeReact dialog once its opening transition has ended. At that moment the dialog moves focus to
 * its first field; typing before it would see the rest of the keystrokes land in another field.
 */
export async function findOpenedDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toHaveClass('p-dialog-enter-done'));
  return dialog;
}
