import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../app/store';
import { registerNavigator } from '../../shared/navigation';
import { renderWithApp } from '../../test/render';
import { sessionUser } from '../../test/sessionFixtures';
import { authApi } from './api';
import { loginFailed, loginRequested, secondFactorCancelled, secondFactorSubmitted } from '../../shared/session/authSlice';
import { LoginForm } from './components/LoginForm';
import { SECOND_FACTOR_TEXT } from './components/SecondFactorStep';

const config = { headers: new AxiosHeaders() };
const reply = <T,>(data: T, status = 200) => ({ data, status, statusText: '', headers: {}, config }) as AxiosResponse<T>;
const failure = (status: number, data: unknown = {}) => new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, reply(data, status));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const navigate = jest.fn();
beforeEach(() => {
  navigate.mockReset();
  registerNavigator(navigate);
});
afterEach(() => jest.restoreAllMocks());

const session = { token: 'jwt-admin', user: sessionUser({ _id: 'a1', id: 'a1', fullName: 'Meera Iyer', email: 'meera@university.edu', role: 'admin' }), position: 4 };
const codeStep = { secondFactor: 'code' as const, challenge: 'challenge-1', message: 'Enter the 6-digit code from your authenticator app.' };

describe('sign-in with a second factor', () => {
  it('keeps no session after the password when a code is asked for, and signs in with the code', async () => {
    jest.spyOn(authApi, 'login').mockResolvedValue(reply(codeStep));
    jest.spyOn(authApi, 'secondFactor').mockResolvedValue(reply(session));
    const store = makeStore();
    store.dispatch(loginRequested({ email: 'meera@university.edu', password: 'pw', from: null }));
    await flush();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, token: null, secondFactor: { kind: 'code', challenge: 'challenge-1' } });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    store.dispatch(secondFactorSubmitted({ code: '123456' }));
    await flush();
    expect(authApi.secondFactor).toHaveBeenCalledWith({ challenge: 'challenge-1', code: '123456' });
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, token: 'jwt-admin', secondFactor: null });
    expect(navigate).toHaveBeenCalledWith('/admin-panel', { replace: true });
  });

  it("shows the server's message for a wrong code and stays on the step", async () => {
    jest.spyOn(authApi, 'login').mockResolvedValue(reply(codeStep));
    jest.spyOn(authApi, 'secondFactor').mockRejectedValue(failure(401, { message: 'The code is not valid. Please try again.' }));
    const store = makeStore();
    store.dispatch(loginRequested({ email: 'meera@university.edu', password: 'pw' }));
    await flush();
    store.dispatch(secondFactorSubmitted({ recoveryCode: 'ABCDE-FGHJK' }));
    await flush();
    expect(authApi.secondFactor).toHaveBeenCalledWith({ challenge: 'challenge-1', recoveryCode: 'ABCDE-FGHJK' });
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, error: 'The code is not valid. Please try again.', secondFactor: { kind: 'code' } });
    // Back to the password: the code step's message does not follow.
    store.dispatch(secondFactorCancelled());
    expect(store.getState().auth).toMatchObject({ error: null, secondFactor: null, loading: false });
  });

  it('the Login tab turns into the code step, which sends a code or a recovery code', async () => {
    const user = userEvent.setup();
    const { store } = renderWithApp(<LoginForm from={null} onShowSignUp={() => undefined} />, {
      auth: { user: null, token: null, role: null, isAuthenticated: false, loading: false, error: null, secondFactor: { kind: 'code', challenge: 'c', message: codeStep.message, from: null } },
    });
    const dispatched: unknown[] = [];
    const original = store.dispatch;
    jest.spyOn(store, 'dispatch').mockImplementation((action) => {
      dispatched.push(action);
      return original(action);
    });
    expect(screen.getByRole('heading', { name: SECOND_FACTOR_TEXT.title })).toBeVisible();
    expect(screen.getByText(codeStep.message)).toBeVisible();
    const form = screen.getByRole('form', { name: SECOND_FACTOR_TEXT.title });
    await user.type(within(form).getByLabelText(new RegExp(SECOND_FACTOR_TEXT.codeLabel)), '123 456');
    await user.click(within(form).getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    expect(dispatched).toContainEqual(secondFactorSubmitted({ code: '123 456' }));
    act(() => {
      original(loginFailed('The code is not valid. Please try again.'));
    });
    expect(screen.getByText('The code is not valid. Please try again.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.useRecovery }));
    await user.type(within(form).getByLabelText(new RegExp(SECOND_FACTOR_TEXT.recoveryLabel)), 'abcde-fghjk');
    await user.click(within(form).getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    expect(dispatched).toContainEqual(secondFactorSubmitted({ recoveryCode: 'abcde-fghjk' }));
  });

  it('while required, sets up the second factor after the password: QR code, key, code, recovery codes, then the session', async () => {
    const user = userEvent.setup();
    jest.spyOn(authApi, 'secondFactorSetupAtLogin').mockResolvedValue(reply({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA', position: 3 }));
    const codes = Array.from({ length: 10 }, (_, index) => `CODE${index}-ABCDE`);
    jest.spyOn(authApi, 'secondFactorConfirmAtLogin').mockResolvedValue(reply({ ...session, recoveryCodes: codes, message: 'Two-step verification is on.' }));
    const { store } = renderWithApp(<LoginForm from={null} onShowSignUp={() => undefined} />, {
      withSagas: true,
      auth: { user: null, token: null, role: null, isAuthenticated: false, loading: false, error: null, secondFactor: { kind: 'enrol', challenge: 'enrol-1', message: 'Required.', from: null } },
    });
    expect(await screen.findByRole('img', { name: SECOND_FACTOR_TEXT.qrAlt })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByTestId('second-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText(new RegExp(SECOND_FACTOR_TEXT.codeLabel)), '654321');
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.confirm }));
    expect(authApi.secondFactorConfirmAtLogin).toHaveBeenCalledWith('enrol-1', '654321');
    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    // No session until the codes were seen and the user went on.
    expect(store.getState().auth.isAuthenticated).toBe(false);
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.continue }));
    await flush();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, token: 'jwt-admin', secondFactor: null });
    expect(navigate).toHaveBeenCalledWith('/admin-panel', { replace: true });
  });
});
