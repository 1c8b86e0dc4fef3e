import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { MESSAGES, PASSWORD_MIN_LENGTH, resetPasswordSchema, withPasswordConfirmation } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField } from '../../../shared/components/FormField';
import { PasswordInput } from '../../../shared/components/PasswordInput';
import { PATHS } from '../../../shared/routes';
import { focusFirstError, validate, type FieldErrors } from '../../../shared/validation';
import { passwordRequestReset, resetPasswordRequested, selectPassword } from '../../../shared/session/passwordSlice';
import '../auth.css';
import '../password.css';

/** The page's own texts (the spec has no reset screen; docs/decisions.md). */
export const RESET_PASSWORD_TEXTS = {
  title: 'Reset Password',
  intro: 'Choose a new password for your account. Resetting it signs you out on every device.',
  submit: 'Reset Password',
  resetting: 'Resetting...',
  goToLogin: 'Go to Login',
  requestNewLink: 'Request a new link',
} as const;

// The server also checks the password against its list of common ones and names the field if it refuses.
const schema = withPasswordConfirmation(resetPasswordSchema(), 'password');
const EMPTY = { password: '', confirmPassword: '' };

/** /reset-password?token=…: the page the reset mail links to; a new password, typed twice. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const dispatch = useAppDispatch();
  const { reset } = useAppSelector(selectPassword);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    dispatch(passwordRequestReset('reset'));
  }, [dispatch, token]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(schema, { ...next, token }).errors);
    if (reset.status === 'failed') dispatch(passwordRequestReset('reset'));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(schema, { ...values, token });
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstError(formRef.current, result.errors);
      return;
    }
    dispatch(resetPasswordRequested({ token: result.data.token, password: result.data.password }));
  };

  const shown: FieldErrors = { ...errors, ...reset.fieldErrors };
  // A refused link (spent, expired, unknown) is the page's error, not a field's.
  const linkError = token === '' ? MESSAGES.invalidResetLink : (shown.token ?? null);
  const formError = reset.status === 'failed' && reset.error && !Object.values(shown).includes(reset.error) ? reset.error : null;
  const pending = reset.status === 'pending';

  let body;
  if (reset.status === 'succeeded' && reset.message) {
    body = (
      <>
        <div className="auth-form__done" role="status">
          <i className="pi pi-check-circle auth-form__done-icon" aria-hidden="true" />
          <p>{reset.message}</p>
        </div>
        <Link to={PATHS.signIn} className="p-button p-component w-full auth-form__submit">
          {RESET_PASSWORD_TEXTS.goToLogin}
        </Link>
      </>
    );
  } else if (linkError) {
    body = <LinkRefused message={linkError} />;
  } else {
    body = (
      <>
        <p className="auth-form__subtitle">{RESET_PASSWORD_TEXTS.intro}</p>
        {formError && <LinkRefused message={formError} />}
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Reset password">
          <FormField id="reset-password" label="New Password" error={shown.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password.`} required>
            {(control) => <PasswordInput control={control} name="password" value={values.password} onChange={onChange} autoComplete="new-password" />}
          </FormField>
          <FormField id="reset-confirmPassword" label="Confirm New Password" error={shown.confirmPassword} required>
            {(control) => <PasswordInput control={control} name="confirmPassword" value={values.confirmPassword} onChange={onChange} autoComplete="new-password" />}
          </FormField>
          <Button type="submit" label={pending ? RESET_PASSWORD_TEXTS.resetting : RESET_PASSWORD_TEXTS.submit} icon="pi pi-lock" loading={pending} className="w-full auth-form__submit" />
        </form>
      </>
    );
  }

  return (
    <div className="auth-page auth-page--single">
      <div className="auth-card">
        <div className="auth-card__body auth-form">
          <h1 className="auth-form__title">{RESET_PASSWORD_TEXTS.title}</h1>
          {body}
        </div>
      </div>
    </div>
  );
}

/** The server's refusal of the link (or of the request), with the way to a new link. */
function LinkRefused({ message }: { message: string }) {
  return (
    <div>
      {/* PrimeReact's Message is an alert itself. */}
      <Message severity="error" text={message} className="auth-form__message" />
      <p className="auth-form__links">
        <Link to={PATHS.forgotPassword}>{RESET_PASSWORD_TEXTS.requestNewLink}</Link>
        <Link to={PATHS.signIn}>{RESET_PASSWORD_TEXTS.goToLogin}</Link>
      </p>
    </div>
  );
}
