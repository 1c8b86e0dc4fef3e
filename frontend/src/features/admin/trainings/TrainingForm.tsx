import { useState, type FormEvent } from 'react';
import { TRAINING_MESSAGES } from '@placement/domain';
import { FormField } from '../../../shared/components/FormField';
import type { AdminTraining, TrainingBody } from '../types';

type Errors = Partial<Record<keyof TrainingBody, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the value of a datetime-local input (the browser's time zone). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Every field is required and the registration link must be a URL (spec §5); the words are the server's. */
export function validateTraining(form: TrainingBody): Errors {
  const errors: Errors = {};
  if (!form.title.trim()) errors.title = TRAINING_MESSAGES.title;
  if (!form.description.trim()) errors.description = TRAINING_MESSAGES.description;
  if (!form.date) errors.date = TRAINING_MESSAGES.dateRequired;
  else if (Number.isNaN(new Date(form.date).getTime())) errors.date = TRAINING_MESSAGES.dateInvalid;
  if (!form.duration.trim()) errors.duration = TRAINING_MESSAGES.duration;
  if (!form.mode.trim()) errors.mode = TRAINING_MESSAGES.mode;
  if (!form.registrationLink.trim()) errors.registrationLink = TRAINING_MESSAGES.registrationLinkRequired;
  else if (!isHttpUrl(form.registrationLink.trim())) errors.registrationLink = TRAINING_MESSAGES.registrationLinkInvalid;
  return errors;
}

const FIELDS: { key: keyof TrainingBody; label: string; type: string }[] = [
  { key: 'title', label: 'Title', type: 'text' },
  { key: 'description', label: 'Description', type: 'textarea' },
  { key: 'date', label: 'Date and Time', type: 'datetime-local' },
  { key: 'duration', label: 'Duration', type: 'text' },
  { key: 'mode', label: 'Mode', type: 'text' },
  { key: 'registrationLink', label: 'Registration Link', type: 'url' },
];

/** The add / edit training form; the date is entered in local time and sent as an ISO instant. */
export function TrainingForm({ training, saving, onSave }: { training?: AdminTraining; saving: boolean; onSave: (body: TrainingBody) => void }) {
  const [form, setForm] = useState<TrainingBody>(() => ({
    title: training?.title ?? '',
    description: training?.description ?? '',
    date: toLocalInput(training?.date),
    duration: training?.duration ?? '',
    mode: training?.mode ?? '',
    registrationLink: training?.registrationLink ?? '',
  }));
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTraining(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSave({
      title: form.title.trim(),
      description: form.description.trim(),
      date: new Date(form.date).toISOString(),
      duration: form.duration.trim(),
      mode: form.mode.trim(),
      registrationLink: form.registrationLink.trim(),
    });
  };

  const heading = training ? 'Edit Training' : 'New Training';
  return (
    <form className="admin-form admin-card" onSubmit={submit} noValidate aria-label={heading}>
      <h3>{heading}</h3>
      <div className="admin-form__grid">
        {FIELDS.map(({ key, label, type }) => (
          <FormField key={key} id={`training-${key}`} label={label} required error={errors[key]}>
            {(p) =>
              type === 'textarea' ? (
                <textarea {...p} className="admin-input" rows={3} value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} />
              ) : (
                <input {...p} type={type} className="admin-input" value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} />
              )
            }
          </FormField>
        ))}
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={saving}>
          {training ? 'Update Training' : 'Create Training'}
        </button>
      </div>
    </form>
  );
}
