import { useState, type FormEvent } from 'react';
import { Dialog } from 'primereact/dialog';
import { FormField } from '../../../shared/components/FormField';
import { capitalise } from '../format';
import { ROLES, USER_STATUSES, type AdminUser, type Role, type UserForm, type UserStatus } from '../types';

type Errors = Partial<Record<keyof UserForm, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Add: fullName, email, password, role, status required; rollNo only and required for students. Edit: the same without password (spec §5). */
export function validateUserForm(form: UserForm, mode: 'add' | 'edit'): Errors {
  const errors: Errors = {};
  if (!form.fullName.trim()) errors.fullName = 'Full name is required';
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL.test(form.email.trim())) errors.email = 'Enter a valid email address';
  if (mode === 'add' && !form.password) errors.password = 'Password is required';
  if (!form.role) errors.role = 'Role is required';
  if (!form.status) errors.status = 'Status is required';
  if (form.role === 'student' && !form.rollNo.trim()) errors.rollNo = 'Roll number is required for students';
  return errors;
}

const asRole = (value: string | null | undefined): Role => (ROLES.includes(value as Role) ? (value as Role) : 'student');
const asStatus = (value: string | null | undefined): UserStatus => (USER_STATUSES.includes(value as UserStatus) ? (value as UserStatus) : 'active');

export function initialForm(user?: AdminUser): UserForm {
  return {
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    password: '',
    mobileNo: user?.mobileNo ?? '',
    role: user ? asRole(user.role) : 'student',
    status: user ? asStatus(user.status) : 'active',
    rollNo: user?.rollNo ?? '',
  };
}

/** 'Add New User' (Create User / Cancel) and 'Edit User' (Save Changes / Cancel). */
export function UserFormModal({
  mode,
  user,
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  mode: 'add' | 'edit';
  user?: AdminUser;
  busy: boolean;
  serverError: string | null;
  onSubmit: (form: UserForm) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<UserForm>(() => initialForm(user));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const prefix = `user-${mode}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateUserForm(form, mode);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(form);
  };

  const title = mode === 'add' ? 'Add New User' : 'Edit User';
  return (
    <Dialog header={title} visible onHide={onCancel} style={{ width: '560px' }} modal draggable={false} resizable={false}>
      <form onSubmit={submit} noValidate className="admin-form" aria-label={title}>
        {serverError && (
          <div className="admin-banner admin-banner--error" role="alert">
            {serverError}
          </div>
        )}
        <FormField id={`${prefix}-fullName`} label="Full Name" required error={errors.fullName}>
          {(p) => <input {...p} className="admin-input" value={form.fullName} onChange={(e) => set('fullName', e.target.value)} autoComplete="name" />}
        </FormField>
        <FormField id={`${prefix}-email`} label="Email" required error={errors.email}>
          {(p) => <input {...p} type="email" className="admin-input" value={form.email} onChange={(e) => set('email', e.target.value)} autoComplete="email" />}
        </FormField>
        {mode === 'add' && (
          <FormField id={`${prefix}-password`} label="Password" required error={errors.password}>
            {(p) => <input {...p} type="password" className="admin-input" value={form.password} onChange={(e) => set('password', e.target.value)} autoComplete="new-password" />}
          </FormField>
        )}
        <FormField id={`${prefix}-mobileNo`} label="Mobile No">
          {(p) => <input {...p} type="tel" className="admin-input" value={form.mobileNo} onChange={(e) => set('mobileNo', e.target.value)} autoComplete="tel" />}
        </FormField>
        <FormField id={`${prefix}-role`} label="Role" required error={errors.role}>
          {(p) => (
            <select {...p} className="admin-input" value={form.role} onChange={(e) => set('role', e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {capitalise(r)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={`${prefix}-status`} label="Status" required error={errors.status}>
          {(p) => (
            <select {...p} className="admin-input" value={form.status} onChange={(e) => set('status', e.target.value as UserStatus)}>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {capitalise(s)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {form.role === 'student' && (
          <FormField id={`${prefix}-rollNo`} label="Roll No" required error={errors.rollNo}>
            {(p) => <input {...p} className="admin-input" value={form.rollNo} onChange={(e) => set('rollNo', e.target.value)} />}
          </FormField>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            {mode === 'add' ? 'Create User' : 'Save Changes'}
          </button>
          <button type="button" className="admin-btn" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
