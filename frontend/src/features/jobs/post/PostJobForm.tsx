import { useRef, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { jobFormSchema } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { JobFormFields } from '../../../shared/jobForm/JobFormFields';
import { emptyJobForm, type JobFormValues } from '../../../shared/jobForm/jobFormValues';
import { focusFirstError, validate, type FieldErrors } from '../../../shared/validation';
import type { PostingMode } from './api';
import { postJobRequested, selectPostJob } from './postJobSlice';

/**
 * The job posting form (spec §3 Job, §5): every field and rule of the domain's jobFormSchema.
 * Admin and staff post with their token; a visitor's posting goes to the public endpoint. Either way
 * the job awaits admin approval.
 */
export function PostJobForm({ mode }: { mode: PostingMode }) {
  const dispatch = useAppDispatch();
  const { status, fieldErrors } = useAppSelector(selectPostJob);
  const [values, setValues] = useState<JobFormValues>(emptyJobForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = status === 'submitting';
  const schema = jobFormSchema(new Date().getFullYear());

  const update = (next: JobFormValues) => {
    setValues(next);
    if (submitted) setErrors(validate(schema, next).errors);
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
    dispatch(postJobRequested({ job: result.data, mode }));
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Job posting" className="post-job-form">
      <JobFormFields values={values} errors={{ ...fieldErrors, ...errors }} onChange={update} disabled={submitting} />
      <div className="post-job-form__actions">
        <Button type="submit" label={submitting ? 'Submitting...' : 'Submit Job Posting'} icon="pi pi-send" loading={submitting} />
      </div>
    </form>
  );
}
