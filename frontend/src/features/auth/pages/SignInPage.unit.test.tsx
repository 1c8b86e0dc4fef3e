import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithApp } from '../../../test/render';
import { loginFailed, loginRequested } from '../../../shared/session/authSlice';
import { resendFailed, resendRequested, resendSucceeded, signupFailed, signupRequested, signupSucceeded } from '../registrationSlice';
import SignInPage from './SignInPage';

function setup(route = '/auth-Container', state?: unknown) {
  const user = userEvent.setup();
  const page = (
    <Routes>
      <Route path="/auth-Container" element={<SignInPage />} />
    </Routes>
  );
  const rendered = renderWithApp(page, { route: state ? ({ pathname: route.split('?')[0], search: route.includes('?') ? `?${route.split('?')[1]}` : '', state } as never) : route });
  const dispatched: unknown[] = [];
  const original = rendered.store.dispatch;
  jest.spyOn(rendered.store, 'dispatch').mockImplementation((action) => {
    dispatched.push(action);
    return original(action);
  });
  return { user, ...rendered, dispatched };
}

const loginForm = () => screen.getByRole('form', { name: 'Login' });
const signUpForm = () => screen.getByRole('form', { name: 'Sign Up' });

describe('the sign-in page, Login tab', () => {
  it("shows 'Welcome Back' with labelled e-mail and password fields", () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(within(loginForm()).getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(within(loginForm()).getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
  });

  it('requires e-mail and password', async () => {
    const { user, dispatched } = setup();
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(within(loginForm()).getByText('Email is required')).toBeInTheDocument();
    expect(within(loginForm()).getByText('Password is required')).toBeInTheDocument();
    expect(within(loginForm()).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(loginForm()).getByLabelText(/^Email/)).toHaveFocus();
    expect(dispatched.some((action) => loginRequested.match(action))).toBe(false);

    await user.type(within(loginForm()).getByLabelText(/^Email/), 'asha@university.edu');
    expect(within(loginForm()).queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('logs in with the entered credentials and where the user came from', async () => {
    const { user, dispatched } = setup('/auth-Container', { from: { pathname: '/cv', search: '', hash: '' } });
    await user.type(within(loginForm()).getByLabelText(/^Email/), 'Asha@University.edu');
    await user.type(within(loginForm()).getByLabelText(/^Password/), 'secret pass');
    await user.click(within(loginForm()).getByRole('button', { name: 'Login' }));
    expect(dispatched).toContainEqual(loginRequested({ email: 'asha@university.edu', password: 'secret pass', from: '/cv' }));
  });

  it("shows the server's message, else 'Login failed. Please try again.'", () => {
    const { store } = setup();
    act(() => {
    store.dispatch(loginFailed('Invalid email or password'));
  });
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    act(() => {
    store.dispatch(loginFailed('Login failed'));
  });
    expect(screen.getByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('shows or hides the password by a button', async () => {
    const { user } = setup();
    const password = within(loginForm()).getByLabelText(/^Password/);
    const toggle = within(loginForm()).getByRole('button', { name: 'Show password' });
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  describe('resend verification', () => {
    const resendButton = () => screen.getByRole('button', { name: 'Resend verification email' });

    it("asks for the e-mail first: 'Please enter your email address first.'", async () => {
      const { user, dispatched } = setup();
      await user.click(resendButton());
      expect(screen.getByText('Please enter your email address first.')).toBeInTheDocument();
      expect(dispatched.some((action) => resendRequested.match(action))).toBe(false);
    });

    it("checks the e-mail: 'Please enter a valid email address.'", async () => {
      const { user } = setup();
      await user.type(within(loginForm()).getByLabelText(/^Email/), 'not-an-email');
      await user.click(resendButton());
      expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    });

    it('sends the e-mail of the login form and shows the outcome', async () => {
      const { user, dispatched, store } = setup();
      await user.type(within(loginForm()).getByLabelText(/^Email/), 'asha@gmail.com');
      await user.click(resendButton());
      expect(dispatched).toContainEqual(resendRequested('asha@gmail.com'));
      act(() => {
    store.dispatch(resendSucceeded('Verification email sent. Please check your inbox.'));
  });
      expect(screen.getByText('Verification email sent. Please check your inbox.')).toBeInTheDocument();
      act(() => {
    store.dispatch(resendFailed('Failed to resend verification email.'));
  });
      expect(screen.getByText('Failed to resend verification email.')).toBeInTheDocument();
    });
  });
});

describe('the sign-in page, Sign Up tab', () => {
  async function openSignUp() {
    const context = setup();
    await context.user.click(screen.getByRole('button', { name: 'Sign Up' }));
    return context;
  }

  it("switches by the link and the tab, showing 'Create Account'", async () => {
    const { user } = await openSignUp();
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(signUpForm().parentElement!).getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  });

  it('opens on the Sign Up tab from ?tab=signup', () => {
    setup('/auth-Container?tab=signup');
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  });

  it('requires full name, roll number, e-mail and password', async () => {
    const { user, dispatched } = await openSignUp();
    await user.click(within(signUpForm()).getByRole('button', { name: 'Sign Up' }));
    for (const message of ['Full name is required', 'Roll number is required', 'Email is required', 'Password is required']) {
      expect(within(signUpForm()).getByText(message)).toBeInTheDocument();
    }
    expect(within(signUpForm()).getByLabelText(/^Full Name/)).toHaveFocus();
    expect(dispatched.some((action) => signupRequested.match(action))).toBe(false);
  });

  it.each([
    ['asha@', 'Please enter a valid email address.'],
    ['asha@yahoo.com', 'Email must belong to university.edu or gmail.com.'],
  ])('checks the e-mail %s: %s', async (email, message) => {
    const { user } = await openSignUp();
    await user.type(within(signUpForm()).getByLabelText(/^Email/), email);
    await user.click(within(signUpForm()).getByRole('button', { name: 'Sign Up' }));
    expect(within(signUpForm()).getByText(message)).toBeInTheDocument();
  });

  it("checks the password's length and says the rule beside the field", async () => {
    const { user } = await openSignUp();
    expect(within(signUpForm()).getByText('At least 12 characters; not a common password.')).toBeInTheDocument();
    await user.type(within(signUpForm()).getByLabelText(/^Password/), 'eleven char');
    await user.click(within(signUpForm()).getByRole('button', { name: 'Sign Up' }));
    expect(within(signUpForm()).getByText('Password must be at least 12 characters.')).toBeInTheDocument();
  });

  it('refuses one character repeated without asking the server', async () => {
    const { user, dispatched } = await openSignUp();
    await user.type(within(signUpForm()).getByLabelText(/^Password/), ' '.repeat(12));
    await user.click(within(signUpForm()).getByRole('button', { name: 'Sign Up' }));
    expect(within(signUpForm()).getByText('Password is too common or easy to guess. Please choose another.')).toBeInTheDocument();
    expect(dispatched.some((action) => signupRequested.match(action))).toBe(false);
  });

  it("signs up, then replaces the form with the server's message", async () => {
    const { user, dispatched, store } = await openSignUp();
    await user.type(within(signUpForm()).getByLabelText(/^Full Name/), '  Asha Verma ');
    await user.type(within(signUpForm()).getByLabelText(/^Roll Number/), 'CS-21-042');
    await user.type(within(signUpForm()).getByLabelText(/^Email/), 'Asha@University.edu');
    await user.type(within(signUpForm()).getByLabelText(/^Password/), 'long enough, surely');
    await user.click(within(signUpForm()).getByRole('button', { name: 'Sign Up' }));
    expect(dispatched).toContainEqual(signupRequested({ fullName: 'Asha Verma', rollNo: 'CS-21-042', email: 'asha@university.edu', password: 'long enough, surely' }));

    act(() => {
    store.dispatch(signupSucceeded('Registration successful. Please check your email to verify your account.'));
  });
    expect(screen.getByText('Registration successful. Please check your email to verify your account.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign Up' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  it.each(['Unexpected response from server.', 'Signup failed. Try again.', 'An account with this email already exists.'])('shows the failure %s', async (message) => {
    const { store } = await openSignUp();
    act(() => {
    store.dispatch(signupFailed({ message }));
  });
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it("shows the server's field message beside the field", async () => {
    const { store } = await openSignUp();
    act(() => {
    store.dispatch(signupFailed({ message: 'Email must belong to campus.edu.', fieldErrors: { email: 'Email must belong to campus.edu.' } }));
  });
    expect(screen.getAllByText('Email must belong to campus.edu.')).toHaveLength(1);
    expect(within(signUpForm()).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });
});
