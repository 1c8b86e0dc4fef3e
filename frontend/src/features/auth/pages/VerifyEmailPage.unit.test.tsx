import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithApp } from '../../../test/render';
import { verificationFailed, verificationSucceeded } from '../registrationSlice';
import VerifyEmailPage from './VerifyEmailPage';

const page = (
  <Routes>
    <Route path="/verify-email" element={<VerifyEmailPage />} />
  </Routes>
);

const setup = (route: string) => renderWithApp(page, { route });

describe('VerifyEmailPage', () => {
  it("asks to verify the link's token once, showing 'Verifying your email...'", () => {
    const { store } = setup('/verify-email?token=abc');
    expect(screen.getByText('Verifying your email...')).toBeInTheDocument();
    expect(store.getState().registration.verification).toMatchObject({ status: 'pending', token: 'abc' });
  });

  it("shows 'Email verified! Redirecting...' on success", () => {
    const { store } = setup('/verify-email?token=abc');
    act(() => {
    store.dispatch(verificationSucceeded());
  });
    expect(screen.getByText('Email verified! Redirecting...')).toBeInTheDocument();
  });

  it.each(['Invalid verification link', 'This verification link has expired. Please request a new one.', 'Verification failed. Try again.'])('shows the error %s', (message) => {
    const { store } = setup('/verify-email?token=abc');
    act(() => {
    store.dispatch(verificationFailed(message));
  });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth-Container');
  });

  it("shows 'Invalid verification link' without a token (through the saga)", async () => {
    renderWithApp(page, { route: '/verify-email', withSagas: true });
    expect(await screen.findByText('Invalid verification link')).toBeInTheDocument();
  });

  it('sends the request with a null token when the link has none', () => {
    const { store } = setup('/verify-email');
    expect(store.getState().registration.verification).toEqual({ status: 'pending', token: null, error: null });
  });
});
