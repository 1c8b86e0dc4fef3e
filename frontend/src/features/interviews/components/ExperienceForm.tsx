import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { DIFFICULTIES, EXPERIENCE_RATINGS, OFFER_STATUSES, emptyExperienceForm, experienceFormSchema } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField } from '../../../shared/components/FormField';
import { focusFirstError, validate, type FieldErrors } from '../../../shared/validation';
import { experienceSubmitRequested, selectInterviews } from '../interviewsSlice';

interface Values {
  companyName: string;
  role: string;
  author: string;
  batch: string;
  course: string;
  interviewLocation: string;
  offerStatus: string;
  experienceRating: string;
  difficulty: string;
  rounds: { key: number; name: string; description: string }[];
}

const textOf = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

let roundKeys = 0;
const startValues = (): Values => {
  const empty = emptyExperienceForm();
  return {
    companyName: '',
    role: '',
    author: '',
    batch: '',
    course: '',
    interviewLocation: '',
    offerStatus: textOf(empty.offerStatus, 'No Selected'),
    experienceRating: textOf(empty.experienceRating, 'Neutral'),
    difficulty: textOf(empty.difficulty, 'Medium'),
    rounds: [{ key: ++roundKeys, name: '', description: '' }],
  };
};

const input = (values: Values) => ({ ...values, rounds: values.rounds.map(({ name, description }) => ({ name, description })) });

const TEXT_FIELDS = [
  ['companyName', 'Company Name', 'organization'],
  ['role', 'Role', undefined],
  ['author', 'Your Name', 'name'],
  ['batch', 'Batch', undefined],
  ['course', 'Course', undefined],
  ['interviewLocation', 'Interview Location', undefined],
] as const;

const SELECTS = [
  ['offerStatus', 'Offer Status', OFFER_STATUSES],
  ['experienceRating', 'Experience Rating', EXPERIENCE_RATINGS],
  ['difficulty', 'Difficulty', DIFFICULTIES],
] as const;

/**
 * The share-experience form (spec §3, §5): six texts, three selects with their defaults and the
 * rounds (add; remove only while more than one). The page remounts it (key) after a success to reset it.
 */
export function ExperienceForm() {
  const dispatch = useAppDispatch();
  const { submit } = useAppSelector(selectInterviews);
  const [values, setValues] = useState<Values>(startValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = submit.status === 'submitting';

  const update = (next: Values) => {
    setValues(next);
    if (submitted) setErrors(validate(experienceFormSchema, input(next)).errors);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => update({ ...values, [event.target.name]: event.target.value });

  const setRound = (index: number, change: Partial<Values['rounds'][number]>) =>
    update({ ...values, rounds: values.rounds.map((round, at) => (at === index ? { ...round, ...change } : round)) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(experienceFormSchema, input(values));
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstError(formRef.current, result.errors);
      return;
    }
    dispatch(experienceSubmitRequested(result.data));
  };

  const shown = { ...submit.fieldErrors, ...errors };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Share your interview experience" className="experience-form">
      <div className="experience-form__grid">
        {TEXT_FIELDS.map(([name, label, autoComplete]) => (
          <FormField key={name} id={`exp-${name}`} label={label} error={shown[name]} required>
            {(control) => <InputText {...control} name={name} autoComplete={autoComplete} value={values[name]} onChange={onChange} invalid={control['aria-invalid']} className="w-full" disabled={submitting} />}
          </FormField>
        ))}
        {SELECTS.map(([name, label, options]) => (
          <FormField key={name} id={`exp-${name}`} label={label} error={shown[name]} required>
            {(control) => (
              <select {...control} name={name} value={values[name]} onChange={onChange} className="p-inputtext p-component w-full" disabled={submitting}>
                {options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ))}
      </div>

      <fieldset className="experience-form__rounds">
        <legend>Interview Rounds</legend>
        {shown.rounds && (
          <p className="form-field__error" role="alert">
            {shown.rounds}
          </p>
        )}
        {values.rounds.map((round, index) => (
          <div key={round.key} className="experience-form__round" role="group" aria-label={`Round ${index + 1}`}>
            <FormField id={`exp-rounds-${index}-name`} label={`Round ${index + 1} Name`} error={shown[`rounds.${index}.name`]} required>
              {(control) => (
                <InputText
                  {...control}
                  name={`rounds.${index}.name`}
                  placeholder="e.g. Technical Interview"
                  value={round.name}
                  onChange={(event) => setRound(index, { name: event.target.value })}
                  invalid={control['aria-invalid']}
                  className="w-full"
                  disabled={submitting}
                />
              )}
            </FormField>
            <FormField id={`exp-rounds-${index}-description`} label={`Round ${index + 1} Description`} error={shown[`rounds.${index}.description`]} required>
              {(control) => (
                <InputTextarea
                  {...control}
                  name={`rounds.${index}.description`}
                  rows={3}
                  autoResize
                  value={round.description}
                  onChange={(event) => setRound(index, { description: event.target.value })}
                  invalid={control['aria-invalid']}
                  className="w-full"
                  disabled={submitting}
                />
              )}
            </FormField>
            {values.rounds.length > 1 && (
              <Button
                type="button"
                label="Remove Round"
                icon="pi pi-trash"
                className="p-button-text p-button-danger"
                aria-label={`Remove round ${index + 1}`}
                onClick={() => update({ ...values, rounds: values.rounds.filter((_, at) => at !== index) })}
                disabled={submitting}
              />
            )}
          </div>
        ))}
        <Button type="button" label="Add Round" icon="pi pi-plus" className="p-button-outlined" onClick={() => update({ ...values, rounds: [...values.rounds, { key: ++roundKeys, name: '', description: '' }] })} disabled={submitting} />
      </fieldset>

      <div className="experience-form__actions">
        <Button type="submit" label="Submit Experience" icon="pi pi-send" loading={submitting} />
      </div>
    </form>
  );
}
