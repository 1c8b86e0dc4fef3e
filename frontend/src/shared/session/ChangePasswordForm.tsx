import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { PASSWORD_MIN_LENGTH, changePasswordSchema, withPasswordConfirmation } from '@placement/domain';
import { useDispatch, useSelector } from 'react-redux';
import { FormField } from '../components/FormField';
import { PasswordInput } from '../components/PasswordInput';
import { focusFirstError, validate, type FieldErrors } from '../validation';
import { changePasswordRequested, passwordRequestReset, selectPassword } from './passwordSlice';
import './changePassword.css';

// The server also checks the new password against its list of common ones and names the field if it refuses.
const schema = withPasswordConfirmation(changePasswordSchema(), 'newPassword');
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * A signed-in user's password change (student Profile page, admin and staff panel): the current
 * password, the new one twice. The server answers a new session; every other one ends.
 */
export function ChangePasswordForm({ idPrefix = 'change-password' }: { idPrefix?: string }) {
  const dispatch = useDispatch();
  const { change } = useSelector(selectPassword);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // A form opened later starts afresh; a success empties the fields.
  useEffect(() => {
    dispatch(passwordRequestReset('change'));
    return () => {
      dispatch(passwordRequestReset('change'));
    };
  }, [dispatch]);
  useEffect(() => {
    if (change.status !== 'succeeded') return;
    setValues(EMPTY);
    setSubmitted(false);
    setErrors({});
  }, [change.status]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(schema, next).errors);
    if (change.status === 'failed' || change.status === 'succeeded') dispatch(passwordRequestReset('change'));
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
    dispatch(changePasswordRequested({ currentPassword: result.data.currentPassword, newPassword: result.data.newPassword }));
  };

  const shown: FieldErrors = { ...errors, ...change.fieldErrors };
  const formError = change.status === 'failed' && change.error && !Object.values(shown).includes(change.error) ? change.error : null;
  const pending = change.status === 'pending';
  const id = (field: string) => `${idPrefix}-${field}`;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Change password" className="change-password-form">
      <div aria-live="polite">
        {formError && <Message severity="error" text={formError} className="auth-form__message" />}
        {change.status === 'succeeded' && change.message && <Message severity="success" text={change.message} className="auth-form__message" />}
      </div>
      <FormField id={id('current')} label="Current Password" error={shown.currentPassword} required>
        {(control) => <PasswordInput control={control} name="currentPassword" value={values.currentPassword} onChange={onChange} autoComplete="current-password" />}
      </FormField>
      <FormField id={id('new')} label="New Password" error={shown.newPassword} hint={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password.`} required>
        {(control) => <PasswordInput control={control} name="newPassword" value={values.newPassword} onChange={onChange} autoComplete="new-password" />}
      </FormField>
      <FormField id={id('confirm')} label="Confirm New Password" error={shown.confirmPassword} required>
        {(control) => <PasswordInput control={control} name="confirmPassword" value={values.confirmPassword} onChange={onChange} autoComplete="new-password" />}
      </FormField>
      <Button type="submit" label={pending ? 'Saving...' : 'Change Password'} icon="pi pi-lock" loading={pending} />
    </form>
  );
}
