import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { loginSchema, resendVerificationSchema } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField } from '../../../shared/components/FormField';
import { PasswordInput } from '../../../shared/components/PasswordInput';
import { PATHS } from '../../../shared/routes';
import { focusFirstError, validate, type FieldErrors } from '../../../shared/validation';
import { AUTH_FALLBACKS, authErrorCleared, loginRequested, selectAuth } from '../../../shared/session/authSlice';
import { resendRequested, resendReset, selectRegistration } from '../registrationSlice';
import { SecondFactorStep } from './SecondFactorStep';
import '../password.css';

/** Spec §8: the login form shows the server's message, else this. */
export const LOGIN_FORM_FALLBACK = 'Login failed. Please try again.';

const EMPTY = { email: '', password: '' };

/** The Login tab: 'Welcome Back', e-mail and password, and the resend-verification action. */
export function LoginForm({ from, onShowSignUp }: { from: string | null; onShowSignUp: () => void }) {
  const dispatch = useAppDispatch();
  const { loading, error, secondFactor } = useAppSelector(selectAuth);
  const { resend } = useAppSelector(selectRegistration);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [resendError, setResendError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(loginSchema, next).errors);
    if (error) dispatch(authErrorCleared());
    if (event.target.name === 'email') {
      setResendError(null);
      if (resend.status !== 'idle' && resend.status !== 'pending') dispatch(resendReset());
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(loginSchema, values);
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstError(formRef.current, result.errors);
      return;
    }
    dispatch(loginRequested({ ...result.data, from }));
  };

  const onResend = () => {
    const result = validate(resendVerificationSchema, { email: values.email });
    if (!result.ok) {
      setResendError(result.errors.email ?? Object.values(result.errors)[0] ?? null);
      return;
    }
    setResendError(null);
    dispatch(resendRequested(result.data.email));
  };

  const formError = error ? (error === AUTH_FALLBACKS.login ? LOGIN_FORM_FALLBACK : error) : null;
  const resendFeedback = resendError ?? resend.error;

  // The password matched; an admin's or staff member's second factor comes next.
  if (secondFactor) return <SecondFactorStep step={secondFactor} />;

  return (
    <div className="auth-form">
      <h1 className="auth-form__title">Welcome Back</h1>
      <p className="auth-form__subtitle">Sign in to browse jobs, apply and track your applications.</p>

      {formError && <Message severity="error" text={formError} className="auth-form__message" />}

      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Login">
        <FormField id="login-email" label="Email" error={errors.email} required>
          {(control) => <InputText {...control} name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={onChange} className="w-full" invalid={control['aria-invalid']} />}
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password} required>
          {(control) => <PasswordInput control={control} name="password" value={values.password} onChange={onChange} autoComplete="current-password" />}
        </FormField>
        <p className="auth-form__forgot">
          {/* The address typed so far goes along, so the reset page starts with it. */}
          <Link to={PATHS.forgotPassword} state={{ email: values.email.trim() }}>
            Forgot password?
          </Link>
        </p>
        <Button type="submit" label={loading ? 'Logging in...' : 'Login'} icon="pi pi-sign-in" loading={loading} className="w-full auth-form__submit" />
      </form>

      <div className="auth-form__resend">
        <span>Didn't get the verification email?</span>{' '}
        <button type="button" className="link-button" onClick={onResend} disabled={resend.status === 'pending'}>
          {resend.status === 'pending' ? 'Sending...' : 'Resend verification email'}
        </button>
        <div aria-live="polite">
          {resendFeedback && <Message severity="error" text={resendFeedback} className="auth-form__message" />}
          {resend.status === 'succeeded' && resend.message && <Message severity="success" text={resend.message} className="auth-form__message" />}
        </div>
      </div>

      <p className="auth-form__switch">
        Don't have an account?{' '}
        <button type="button" className="link-button" onClick={onShowSignUp}>
          Sign Up
        </button>
      </p>
    </div>
  );
}
