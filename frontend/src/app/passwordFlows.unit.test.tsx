import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { Route, Routes } from 'react-router-dom';
import { makeStore } from './store';
import { http } from '../shared/api/http';
import { LocationProbe, renderWithApp, signedIn, findOpenedDialog } from '../test/render';
import { profileReply, sessionUser } from '../test/sessionFixtures';
import { AdminShell } from '../features/admin/shell/AdminShell';
import { authApi } from '../features/auth/api';
import { logout, type AuthState } from '../shared/session/authSlice';
import { ChangePasswordForm } from '../shared/session/ChangePasswordForm';
import ForgotPasswordPage from '../features/auth/pages/ForgotPasswordPage';
import ResetPasswordPage from '../features/auth/pages/ResetPasswordPage';
import SignInPage from '../features/auth/pages/SignInPage';
import { changePasswordRequested, forgotPasswordRequested, passwordRequestFailed, passwordRequestSucceeded, resetPasswordRequested } from '../shared/session/passwordSlice';

const config = { headers: new AxiosHeaders() };
const reply = <T,>(data: T, status = 200) => ({ data, status, statusText: '', headers: {}, config }) as AxiosResponse<T>;
const failure = (status: number, data: unknown = {}) => new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, reply(data, status));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const RESET_REQUESTED = 'If an account exists for this email, we have sent a link to reset its password. Please check your inbox.';
const NEW_PASSWORD = 'a brand new passphrase';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

/** Renders `element` at `route` with a store that records every action dispatched to it. */
function setup(element: React.ReactElement, path: string, route: string | { pathname: string; search?: string; state?: unknown }, options: { auth?: AuthState } = {}) {
  const user = userEvent.setup();
  const store = makeStore({ preloadedState: options.auth ? { auth: options.auth } : {}, withSagas: false });
  const dispatched: unknown[] = [];
  const original = store.dispatch;
  jest.spyOn(store, 'dispatch').mockImplementation((action) => {
    dispatched.push(action);
    return original(action);
  });
  const rendered = renderWithApp(
    <Routes>
      <Route path={path} element={element} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { store, route: route as never },
  );
  return { user, ...rendered, dispatched };
}

describe('the password sagas', () => {
  it('ask for a reset link without the stored token and keep the reply', async () => {
    jest.spyOn(authApi, 'forgotPassword').mockResolvedValue(reply({ message: RESET_REQUESTED, position: 4 }));
    const store = makeStore();
    store.dispatch(forgotPasswordRequested('asha@university.edu'));
    await flush();
    expect(authApi.forgotPassword).toHaveBeenCalledWith('asha@university.edu');
    expect(store.getState().password.forgot).toMatchObject({ status: 'succeeded', message: RESET_REQUESTED });
  });

  it("keep a refused reset link's message, else 'Failed to reset the password. Try again.'", async () => {
    jest
      .spyOn(authApi, 'resetPassword')
      .mockRejectedValueOnce(failure(400, { message: 'This password reset link has expired. Please request a new one.' }))
      .mockRejectedValueOnce(new Error('Network Error'));
    const store = makeStore();
    store.dispatch(resetPasswordRequested({ token: 'u1.sig', password: NEW_PASSWORD }));
    await flush();
    expect(store.getState().password.reset).toMatchObject({ status: 'failed', error: 'This password reset link has expired. Please request a new one.' });
    store.dispatch(resetPasswordRequested({ token: 'u1.sig', password: NEW_PASSWORD }));
    await flush();
    expect(store.getState().password.reset).toMatchObject({ status: 'failed', error: 'Failed to reset the password. Try again.' });
  });

  it('replace the stored session with the one a password change answers (every earlier one has ended)', async () => {
    localStorage.setItem('token', 'old-token');
    localStorage.setItem('role', 'student');
    jest.spyOn(authApi, 'currentUser').mockResolvedValue(reply(profileReply({ fullName: 'Asha', role: 'student' })));
    jest.spyOn(authApi, 'changePassword').mockResolvedValue(reply({ message: 'Your password has been changed.', token: 'new-token', user: sessionUser({ _id: 'u1', role: 'student', fullName: 'Asha' }), position: 7 }));
    const store = makeStore();
    store.dispatch(changePasswordRequested({ currentPassword: 'the old one', newPassword: NEW_PASSWORD }));
    await flush();
    expect(authApi.changePassword).toHaveBeenCalledWith({ currentPassword: 'the old one', newPassword: NEW_PASSWORD });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(store.getState().auth).toMatchObject({ token: 'new-token', isAuthenticated: true });
    expect(store.getState().password.change).toMatchObject({ status: 'succeeded', message: 'Your password has been changed.' });
  });

  it("keep a wrong current password beside its field", async () => {
    jest.spyOn(authApi, 'changePassword').mockRejectedValue(
      failure(400, { message: 'Current password is incorrect.', errors: [{ field: 'currentPassword', message: 'Current password is incorrect.' }] }),
    );
    const store = makeStore();
    store.dispatch(changePasswordRequested({ currentPassword: 'wrong', newPassword: NEW_PASSWORD }));
    await flush();
    expect(store.getState().password.change).toMatchObject({ status: 'failed', fieldErrors: { currentPassword: 'Current password is incorrect.' } });
  });
});

describe('the forgot-password and reset calls', () => {
  it('go without the stored token, so that an ended session cannot spoil them', async () => {
    localStorage.setItem('token', 'an-ended-token');
    const adapter = jest.fn(async (request) => ({ ...reply({ message: 'ok' }), config: request }));
    http.defaults.adapter = adapter;
    try {
      await authApi.forgotPassword('asha@university.edu');
      await authApi.resetPassword({ token: 'u1.sig', password: NEW_PASSWORD });
    } finally {
      delete http.defaults.adapter;
    }
    for (const [request] of adapter.mock.calls) expect(AxiosHeaders.from(request.headers).get('Authorization')).toBeFalsy();
  });
});

describe("the Login tab's 'Forgot password?' link", () => {
  it('opens /forgot-password with the address typed so far', async () => {
    const { user } = setup(<SignInPage />, '/auth-Container', '/auth-Container');
    const form = screen.getByRole('form', { name: 'Login' });
    await user.type(within(form).getByLabelText(/^Email/), 'asha@university.edu');
    await user.click(within(form).getByRole('link', { name: 'Forgot password?' }));
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent('/forgot-password');
    expect(JSON.parse(location.getAttribute('data-state')!)).toEqual({ email: 'asha@university.edu' });
  });
});

describe('/forgot-password', () => {
  const page = (state?: unknown) => setup(<ForgotPasswordPage />, '/forgot-password', { pathname: '/forgot-password', state });

  it('starts with the address from the Login tab and asks for a link to it', async () => {
    const { user, dispatched } = page({ email: 'asha@university.edu' });
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@university.edu');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(dispatched).toContainEqual(forgotPasswordRequested('asha@university.edu'));
  });

  it('needs a valid address', async () => {
    const { user, dispatched } = page();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'asha');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(dispatched.some((action) => forgotPasswordRequested.match(action))).toBe(false);
  });

  it("shows the server's reply in place of the form, and leads back to Login", async () => {
    const { store } = page();
    store.dispatch(passwordRequestSucceeded({ kind: 'forgot', message: RESET_REQUESTED }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_REQUESTED);
    expect(screen.queryByRole('form', { name: 'Forgot password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth-Container');
  });
});

describe('/reset-password', () => {
  const page = (search: string) => setup(<ResetPasswordPage />, '/reset-password', `/reset-password${search}`);
  const fill = async (user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) => {
    await user.type(screen.getByLabelText(/^New Password/), password);
    await user.type(screen.getByLabelText(/^Confirm New Password/), confirmation);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  };

  it('sets the new password, typed twice, with the token of the link', async () => {
    const { user, dispatched } = page('?token=u1.sig');
    await fill(user, NEW_PASSWORD, NEW_PASSWORD);
    expect(dispatched).toContainEqual(resetPasswordRequested({ token: 'u1.sig', password: NEW_PASSWORD }));
  });

  it('applies the password rules the browser knows, and the confirmation must match', async () => {
    const { user, dispatched } = page('?token=u1.sig');
    await fill(user, 'short', 'short');
    expect(screen.getByText('Password must be at least 12 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New Password/));
    await user.type(screen.getByLabelText(/^New Password/), NEW_PASSWORD);
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(dispatched.some((action) => resetPasswordRequested.match(action))).toBe(false);
  });

  it('says a link without a token is invalid and offers a new one', () => {
    page('');
    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is invalid. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the link with the way to a new one, and its success with the way to Login", async () => {
    const { store } = page('?token=u1.sig');
    store.dispatch(passwordRequestFailed({ kind: 'reset', message: 'This password reset link has already been used. Please request a new one if you still need it.' }));
    expect(await screen.findByText('This password reset link has already been used. Please request a new one if you still need it.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    store.dispatch(passwordRequestSucceeded({ kind: 'reset', message: 'Your password has been reset. Please sign in with your new password.' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset. Please sign in with your new password.');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth-Container');
  });
});

describe('the change-password form', () => {
  const form = () => setup(<ChangePasswordForm />, '/profile', '/profile', { auth: signedIn('student') });

  it('needs the current password and the new one twice, then asks for the change', async () => {
    const { user, dispatched } = form();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Current Password/), 'the old password');
    await user.type(screen.getByLabelText(/^New Password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm New Password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(dispatched).toContainEqual(changePasswordRequested({ currentPassword: 'the old password', newPassword: NEW_PASSWORD }));
  });

  it("shows the server's field message, and on success says so and empties the fields", async () => {
    const { store, user } = form();
    await user.type(screen.getByLabelText(/^Current Password/), 'wrong');
    store.dispatch(passwordRequestFailed({ kind: 'change', message: 'Current password is incorrect.', fieldErrors: { currentPassword: 'Current password is incorrect.' } }));
    expect(await screen.findByText('Current password is incorrect.')).toBeVisible();
    store.dispatch(passwordRequestSucceeded({ kind: 'change', message: 'Your password has been changed.' }));
    expect(await screen.findByText('Your password has been changed.')).toBeVisible();
    // The fields are emptied by an effect of that render, which may run after the message is shown.
    await waitFor(() => expect(screen.getByLabelText(/^Current Password/)).toHaveValue(''));
  });
});

describe("the panel's Change Password", () => {
  it('opens the form in a dialog from the profile block, for staff and admins', async () => {
    const { user } = setup(
      <AdminShell section="emails" onSection={() => undefined}>
        <p>section</p>
      </AdminShell>,
      '/admin-panel',
      '/admin-panel',
      { auth: signedIn('staff') },
    );
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await findOpenedDialog('Change Password');
    expect(within(dialog).getByRole('form', { name: 'Change password' })).toBeVisible();
    expect(within(dialog).getByLabelText(/^Current Password/)).toHaveAttribute('autocomplete', 'current-password');
  });
});

describe('signing out', () => {
  it('drops the token everywhere: storage, the store, the http client, and a reload', async () => {
    localStorage.setItem('token', 'jwt-1');
    localStorage.setItem('role', 'student');
    jest.spyOn(authApi, 'currentUser').mockResolvedValue(reply(profileReply({ fullName: 'Asha', role: 'student' })));
    const store = makeStore();
    await flush();
    expect(store.getState().auth.token).toBe('jwt-1');

    store.dispatch(logout());
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(store.getState().auth).toMatchObject({ token: null, user: null, isAuthenticated: false });
    const adapter = jest.fn(async (request) => ({ ...reply([]), config: request }));
    await http.get('/api/jobs', { adapter });
    expect(AxiosHeaders.from(adapter.mock.calls[0]![0].headers).has('Authorization')).toBe(false);
    // A reload starts from storage: signed out.
    expect(makeStore().getState().auth).toMatchObject({ token: null, isAuthenticated: false });
  });
});
