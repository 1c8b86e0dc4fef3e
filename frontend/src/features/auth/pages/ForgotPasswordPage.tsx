import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { forgotPasswordSchema } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField } from '../../../shared/components/FormField';
import { PATHS } from '../../../shared/routes';
import { focusFirstError, validate, type FieldErrors } from '../../../shared/validation';
import { forgotPasswordRequested, passwordRequestReset, selectPassword } from '../../../shared/session/passwordSlice';
import '../auth.css';
import '../password.css';

/** The page's own texts (the spec has no forgot-password screen; docs/decisions.md). */
export const FORGOT_PASSWORD_TEXTS = {
  title: 'Forgot Password',
  intro: 'Enter the email address of your account and we will send you a link to choose a new password. The link works once, for 30 minutes.',
  submit: 'Send Reset Link',
  sending: 'Sending...',
  backToLogin: 'Back to Login',
} as const;

/**
 * /forgot-password: asks for a reset link. The reply is the same whether or not the address has an
 * account, so the page shows the server's message either way. The Login tab's link passes the
 * address typed there.
 */
export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { forgot } = useAppSelector(selectPassword);
  const typed = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof typed === 'string' ? typed : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    dispatch(passwordRequestReset('forgot'));
  }, [dispatch]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setEmail(event.target.value);
    if (submitted) setErrors(validate(forgotPasswordSchema, { email: event.target.value }).errors);
    if (forgot.status === 'failed') dispatch(passwordRequestReset('forgot'));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(forgotPasswordSchema, { email });
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstError(formRef.current, result.errors);
      return;
    }
    dispatch(forgotPasswordRequested(result.data.email));
  };

  const shown: FieldErrors = { ...errors, ...forgot.fieldErrors };
  const formError = forgot.status === 'failed' && forgot.error && !Object.values(shown).includes(forgot.error) ? forgot.error : null;
  const pending = forgot.status === 'pending';

  return (
    <div className="auth-page auth-page--single">
      <div className="auth-card">
        <div className="auth-card__body auth-form">
          <h1 className="auth-form__title">{FORGOT_PASSWORD_TEXTS.title}</h1>
          {forgot.status === 'succeeded' && forgot.message ? (
            <div className="auth-form__done" role="status">
              <i className="pi pi-envelope auth-form__done-icon" aria-hidden="true" />
              <p>{forgot.message}</p>
            </div>
          ) : (
            <>
              <p className="auth-form__subtitle">{FORGOT_PASSWORD_TEXTS.intro}</p>
              {formError && <Message severity="error" text={formError} className="auth-form__message" />}
              <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Forgot password">
                <FormField id="forgot-email" label="Email" error={shown.email} required>
                  {(control) => <InputText {...control} name="email" type="email" inputMode="email" autoComplete="email" value={email} onChange={onChange} className="w-full" invalid={control['aria-invalid']} />}
                </FormField>
                <Button type="submit" label={pending ? FORGOT_PASSWORD_TEXTS.sending : FORGOT_PASSWORD_TEXTS.submit} icon="pi pi-send" loading={pending} className="w-full auth-form__submit" />
              </form>
            </>
          )}
          <p className="auth-form__switch">
            <Link to={PATHS.signIn}>{FORGOT_PASSWORD_TEXTS.backToLogin}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
