import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { LIMITS, OFFER_TYPES, REFERENCES, RESULT_DECLARATIONS, jobFormSchema, parseSkills } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField } from '../../../shared/components/FormField';
import { focusFirstError, validate, type FieldErrors } from '../../../shared/validation';
import type { PostingMode } from './api';
import { CategoryPicker } from './CategoryPicker';
import { postJobRequested, selectPostJob } from './postJobSlice';

export interface JobFormValues {
  companyName: string;
  companyLogo: string;
  website: string;
  officeAddress: string;
  yearOfEstablishment: string;
  contactPersonName: string;
  contactNumber: string;
  email: string;
  profiles: string;
  eligibility: string;
  vacancies: string;
  offerType: string[];
  ctcOrStipend: string;
  location: string;
  resultDeclaration: string;
  dateOfJoining: string;
  reference: string;
  jobDescription: string;
  additionalInfo: string;
  /** Comma-separated; trimmed and de-duplicated on the way out (parseSkills). */
  skills: string;
  category: string[];
}

/** Spec §3/§9 defaults: vacancies 1, result 'Same day', reference 'Self'. */
export const emptyJobForm = (): JobFormValues => ({
  companyName: '',
  companyLogo: '',
  website: '',
  officeAddress: '',
  yearOfEstablishment: '',
  contactPersonName: '',
  contactNumber: '',
  email: '',
  profiles: '',
  eligibility: '',
  vacancies: String(LIMITS.minVacancies),
  offerType: [],
  ctcOrStipend: '',
  location: '',
  resultDeclaration: RESULT_DECLARATIONS[0],
  dateOfJoining: '',
  reference: REFERENCES[0],
  jobDescription: '',
  additionalInfo: '',
  skills: '',
  category: [],
});

type TextName = Exclude<keyof JobFormValues, 'offerType' | 'category'>;

interface TextSpec {
  name: TextName;
  label: string;
  required?: boolean;
  type?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'url';
  hint?: string;
  autoComplete?: string;
  multiline?: boolean;
}

const COMPANY: TextSpec[] = [
  { name: 'companyName', label: 'Company Name', required: true, autoComplete: 'organization' },
  { name: 'website', label: 'Website', required: true, type: 'url', inputMode: 'url' },
  { name: 'companyLogo', label: 'Company Logo URL', type: 'url', inputMode: 'url', hint: 'Optional: a link to the logo image' },
  { name: 'yearOfEstablishment', label: 'Year of Establishment', required: true, inputMode: 'numeric', hint: `${LIMITS.minEstablishmentYear} to this year` },
  { name: 'officeAddress', label: 'Office Address', required: true, multiline: true },
];

const CONTACT: TextSpec[] = [
  { name: 'contactPersonName', label: 'Contact Person Name', required: true, autoComplete: 'name' },
  { name: 'contactNumber', label: 'Contact Number', required: true, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', required: true, type: 'email', inputMode: 'email', autoComplete: 'email' },
];

const JOB: TextSpec[] = [
  { name: 'profiles', label: 'Job Profile', required: true },
  { name: 'vacancies', label: 'Vacancies', required: true, type: 'number', inputMode: 'numeric', hint: 'At least 1' },
  { name: 'ctcOrStipend', label: 'CTC/Stipend', required: true },
  { name: 'location', label: 'Location', required: true },
  { name: 'dateOfJoining', label: 'Date of Joining', required: true, type: 'date' },
  { name: 'eligibility', label: 'Eligibility', required: true, multiline: true },
];

const EXTRA: TextSpec[] = [
  { name: 'jobDescription', label: 'Job Description', multiline: true, hint: 'Optional' },
  { name: 'additionalInfo', label: 'Additional Information', multiline: true, hint: 'Optional' },
];

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

  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => update({ ...values, [event.target.name]: event.target.value });

  const toggleOffer = (type: string, on: boolean) => update({ ...values, offerType: on ? [...values.offerType, type] : values.offerType.filter((entry) => entry !== type) });

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

  const shown: FieldErrors = { ...fieldErrors, ...errors };
  const skills = parseSkills(values.skills);

  const field = (spec: TextSpec) => (
    <FormField key={spec.name} id={`job-${spec.name}`} label={spec.label} error={shown[spec.name]} required={spec.required} hint={spec.hint}>
      {(control) =>
        spec.multiline ? (
          <InputTextarea {...control} name={spec.name} rows={3} autoResize value={values[spec.name]} onChange={onText} invalid={control['aria-invalid']} className="w-full" disabled={submitting} />
        ) : (
          <InputText
            {...control}
            name={spec.name}
            type={spec.type ?? 'text'}
            inputMode={spec.inputMode}
            autoComplete={spec.autoComplete}
            min={spec.name === 'vacancies' ? LIMITS.minVacancies : undefined}
            step={spec.name === 'vacancies' ? 1 : undefined}
            value={values[spec.name]}
            onChange={onText}
            invalid={control['aria-invalid']}
            className="w-full"
            disabled={submitting}
          />
        )
      }
    </FormField>
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Job posting" className="post-job-form">
      <fieldset className="post-job-form__section">
        <legend>Company</legend>
        <div className="post-job-form__grid">{COMPANY.map(field)}</div>
      </fieldset>

      <fieldset className="post-job-form__section">
        <legend>Contact person</legend>
        <div className="post-job-form__grid">{CONTACT.map(field)}</div>
      </fieldset>

      <fieldset className="post-job-form__section">
        <legend>Job</legend>
        <div className="post-job-form__grid">{JOB.map(field)}</div>

        <fieldset className="post-job-form__choices" aria-describedby={shown.offerType ? 'job-offerType-error' : undefined}>
          <legend>
            Offer Type<span aria-hidden="true"> *</span>
          </legend>
          <div className="post-job-form__checks">
            {OFFER_TYPES.map((type, index) => (
              <label key={type} className="post-job-form__check">
                <input type="checkbox" name={index === 0 ? 'offerType' : `offerType-${index}`} checked={values.offerType.includes(type)} onChange={(event) => toggleOffer(type, event.target.checked)} disabled={submitting} />
                {type}
              </label>
            ))}
          </div>
          {shown.offerType && (
            <small id="job-offerType-error" className="form-field__error" role="alert">
              <i className="pi pi-exclamation-circle" aria-hidden="true" /> {shown.offerType}
            </small>
          )}
        </fieldset>

        <div className="post-job-form__grid">
          <FormField id="job-resultDeclaration" label="Result Declaration" error={shown.resultDeclaration} required>
            {(control) => (
              <select {...control} name="resultDeclaration" value={values.resultDeclaration} onChange={onText} className="p-inputtext p-component w-full" disabled={submitting}>
                {RESULT_DECLARATIONS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="job-reference" label="Reference" error={shown.reference} required>
            {(control) => (
              <select {...control} name="reference" value={values.reference} onChange={onText} className="p-inputtext p-component w-full" disabled={submitting}>
                {REFERENCES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>

        <FormField id="job-skills" label="Skills" error={shown.skills} required hint="Separate skills with commas, e.g. React, Node.js, SQL">
          {(control) => <InputText {...control} name="skills" value={values.skills} onChange={onText} invalid={control['aria-invalid']} className="w-full" disabled={submitting} />}
        </FormField>
        {skills.length > 0 && (
          <ul className="tag-list post-job-form__preview" aria-label="Skills to be posted">
            {skills.map((skill) => (
              <li key={skill} className="tag">
                {skill}
              </li>
            ))}
          </ul>
        )}

        <FormField id="job-category" label="Category" error={shown.category} required hint="Pick from the suggestions or add your own">
          {(control) => <CategoryPicker control={control} value={values.category} onChange={(category) => update({ ...values, category })} disabled={submitting} />}
        </FormField>
      </fieldset>

      <fieldset className="post-job-form__section">
        <legend>More details</legend>
        {EXTRA.map(field)}
      </fieldset>

      <div className="post-job-form__actions">
        <Button type="submit" label={submitting ? 'Submitting...' : 'Submit Job Posting'} icon="pi pi-send" loading={submitting} />
      </div>
    </form>
  );
}
