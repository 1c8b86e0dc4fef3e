import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from 'primereact/dialog';
import { jobFormSchema, missingJobFieldsAlert, type JobFields } from '@placement/domain';
import { JobFormFields } from '../../../shared/jobForm/JobFormFields';
import { emptyJobForm, jobFormValuesOf, type JobFormValues } from '../../../shared/jobForm/jobFormValues';
import { focusFirstError, validate, type FieldErrors } from '../../../shared/validation';
import type { AdminJob } from './types';

/**
 * The create/edit overlay (spec §2, §5): the shared job form. A submit with required fields left
 * blank raises the alert 'Please fill in the following required fields:' with their names; the
 * other rules (e-mail, year, URL, vacancies) show beside their fields.
 */
export function JobFormDialog({
  job,
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  job?: AdminJob;
  busy: boolean;
  serverError: string | null;
  onSubmit: (job: JobFields) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<JobFormValues>(() => (job ? jobFormValuesOf(job) : emptyJobForm()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const schema = jobFormSchema(new Date().getFullYear());
  const title = job ? 'Edit Job' : 'Add New Job';

  const update = (next: JobFormValues) => {
    setValues(next);
    if (submitted) setErrors(validate(schema, next).errors);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(schema, values);
    setErrors(result.errors);
    const missing = missingJobFieldsAlert({ ...values });
    if (missing) window.alert(missing);
    if (!result.ok) {
      focusFirstError(formRef.current, result.errors);
      return;
    }
    onSubmit(result.data);
  };

  return (
    <Dialog header={title} visible onHide={onCancel} style={{ width: '900px' }} modal draggable={false} resizable={false}>
      <form ref={formRef} noValidate onSubmit={submit} className="admin-form" aria-label={title}>
        {serverError && (
          <div className="admin-banner admin-banner--error" role="alert">
            {serverError}
          </div>
        )}
        <JobFormFields values={values} errors={errors} onChange={update} disabled={busy} idPrefix="admin-job" />
        <div className="admin-form__actions">
          <button type="button" className="admin-btn" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            {job ? 'Save Changes' : 'Create Job'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
