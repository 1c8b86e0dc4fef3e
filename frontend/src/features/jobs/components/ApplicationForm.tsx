import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { RESUME_ACCEPT, applicationFormSchema, resumeFileProblem } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../../../shared/session/authSlice';
import { FormField } from '../../../shared/components/FormField';
import { focusFirstError, validate, type FieldErrors } from '../../../shared/validation';
import { applyRequested, selectJobListings } from '../jobListingsSlice';
import type { Job } from '../types';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Spec §2/§5: fullName, email, phone and a resume (.pdf, .doc, .docx). idle → submitting (with upload
 * progress) → success; 2 s after success the saga closes the form and the job shows as applied.
 */
export function ApplicationForm({ job, onCancel }: { job: Job; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const { user } = useAppSelector(selectAuth);
  const { apply } = useAppSelector(selectJobListings);
  const [values, setValues] = useState({
    fullName: text(user?.fullName),
    email: text(user?.email),
    phone: text(user?.mobileNo),
  });
  const [resume, setResume] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const check = (nextValues: typeof values, nextResume: File | null): FieldErrors => {
    const result = validate(applicationFormSchema, nextValues);
    const resumeError = resumeFileProblem(nextResume);
    return { ...result.errors, ...(resumeError ? { resume: resumeError } : {}) };
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(check(next, resume));
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setResume(file);
    if (submitted) setErrors(check(values, file));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = check(values, resume);
    setErrors(found);
    if (Object.keys(found).length > 0 || !resume) {
      focusFirstError(formRef.current, found);
      return;
    }
    const result = validate(applicationFormSchema, values);
    if (!result.ok) return;
    dispatch(applyRequested({ jobId: job._id, ...result.data, resume }));
  };

  if (apply.status === 'success') {
    return (
      <div className="apply-success" role="status">
        <i className="pi pi-check-circle" aria-hidden="true" />
        <h3>Application submitted successfully!</h3>
        <p>
          Your application for {job.profiles} at {job.companyName} has been received.
        </p>
      </div>
    );
  }

  const submitting = apply.status === 'submitting';
  const shown = { ...apply.fieldErrors, ...errors };
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={`Apply for ${job.profiles}`} className="apply-form">
      <h3 className="apply-form__title">
        Apply for {job.profiles} at {job.companyName}
      </h3>
      {apply.status === 'failed' && apply.error && <Message severity="error" text={apply.error} className="w-full" />}
      <FormField id="apply-fullName" label="Full Name" error={shown.fullName} required>
        {(control) => <InputText {...control} name="fullName" autoComplete="name" value={values.fullName} onChange={onChange} className="w-full" invalid={control['aria-invalid']} disabled={submitting} />}
      </FormField>
      <FormField id="apply-email" label="Email" error={shown.email} required>
        {(control) => (
          <InputText {...control} name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={onChange} className="w-full" invalid={control['aria-invalid']} disabled={submitting} />
        )}
      </FormField>
      <FormField id="apply-phone" label="Phone" error={shown.phone} required hint="10 digits">
        {(control) => <InputText {...control} name="phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={10} value={values.phone} onChange={onChange} className="w-full" invalid={control['aria-invalid']} disabled={submitting} />}
      </FormField>
      <FormField id="apply-resume" label="Resume" error={shown.resume} required hint="PDF, DOC or DOCX">
        {(control) => <input {...control} name="resume" type="file" accept={RESUME_ACCEPT} onChange={onFile} className="file-input" disabled={submitting} />}
      </FormField>
      {submitting && (
        <div className="upload-progress">
          <span id="apply-progress-label">Uploading... {apply.progress}%</span>
          <ProgressBar value={apply.progress} showValue={false} aria-labelledby="apply-progress-label" style={{ height: '0.5rem' }} />
        </div>
      )}
      <div className="apply-form__actions">
        <Button type="button" label="Cancel" className="p-button-text" onClick={onCancel} disabled={submitting} />
        <Button type="submit" label={submitting ? 'Submitting...' : 'Submit Application'} icon="pi pi-send" loading={submitting} />
      </div>
    </form>
  );
}
