import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { PASSWORD_MIN_LENGTH, registerSchema } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField } from '../../../shared/components/FormField';
import { PasswordInput } from '../../../shared/components/PasswordInput';
import { focusFirstError, validate, type FieldErrors } from '../../../shared/validation';
import { ALLOWED_EMAIL_DOMAINS } from '../constants';
import { selectRegistration, signupRequested, signupReset } from '../registrationSlice';

// The server also checks the password against a list of common ones and names the field if it refuses.
const schema = registerSchema(ALLOWED_EMAIL_DOMAINS);
const EMPTY = { fullName: '', rollNo: '', email: '', password: '' };
type Field = keyof typeof EMPTY;

/** The Sign Up tab: 'Create Account'; on success the form gives way to the server's message. */
export function SignUpForm({ onShowLogin }: { onShowLogin: () => void }) {
  const dispatch = useAppDispatch();
  const { signup } = useAppSelector(selectRegistration);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(schema, next).errors);
    if (signup.status === 'failed') dispatch(signupReset());
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(schema, values);
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstError(formRef.current, result.errors);
      return;
    }
    dispatch(signupRequested(result.data));
  };

  const backToLogin = () => {
    dispatch(signupReset());
    setValues(EMPTY);
    setSubmitted(false);
    onShowLogin();
  };

  if (signup.status === 'succeeded' && signup.message) {
    return (
      <div className="auth-form auth-form--done">
        <h1 className="auth-form__title">Create Account</h1>
        <div className="auth-form__done" role="status">
          <i className="pi pi-envelope auth-form__done-icon" aria-hidden="true" />
          <p>{signup.message}</p>
        </div>
        <Button type="button" label="Go to Login" icon="pi pi-sign-in" className="w-full" onClick={backToLogin} />
      </div>
    );
  }

  // The server's field messages win over the client's (e.g. a deployment with other e-mail domains).
  const shown: FieldErrors = { ...errors, ...signup.fieldErrors };
  const fieldError = (field: Field) => shown[field];
  const formError = signup.status === 'failed' && signup.error && !Object.values(shown).includes(signup.error) ? signup.error : null;
  const pending = signup.status === 'pending';

  return (
    <div className="auth-form">
      <h1 className="auth-form__title">Create Account</h1>
      <p className="auth-form__subtitle">Register with your university details; we will e-mail you a verification link.</p>

      {formError && <Message severity="error" text={formError} className="auth-form__message" />}

      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Sign Up">
        <FormField id="signup-fullName" label="Full Name" error={fieldError('fullName')} required>
          {(control) => <InputText {...control} name="fullName" autoComplete="name" value={values.fullName} onChange={onChange} className="w-full" invalid={control['aria-invalid']} />}
        </FormField>
        <FormField id="signup-rollNo" label="Roll Number" error={fieldError('rollNo')} required>
          {(control) => <InputText {...control} name="rollNo" autoComplete="off" value={values.rollNo} onChange={onChange} className="w-full" invalid={control['aria-invalid']} />}
        </FormField>
        <FormField id="signup-email" label="Email" error={fieldError('email')} hint={`Use your ${ALLOWED_EMAIL_DOMAINS.join(' or ')} address.`} required>
          {(control) => <InputText {...control} name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={onChange} className="w-full" invalid={control['aria-invalid']} />}
        </FormField>
        <FormField id="signup-password" label="Password" error={fieldError('password')} hint={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password.`} required>
          {(control) => <PasswordInput control={control} name="password" value={values.password} onChange={onChange} autoComplete="new-password" />}
        </FormField>
        <Button type="submit" label={pending ? 'Creating account...' : 'Sign Up'} icon="pi pi-user-plus" loading={pending} className="w-full auth-form__submit" />
      </form>

      <p className="auth-form__switch">
        Already have an account?{' '}
        <button type="button" className="link-button" onClick={onShowLogin}>
          Login
        </button>
      </p>
    </div>
  );
}
