import type { ChangeEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { LIMITS, OFFER_TYPES, REFERENCES, RESULT_DECLARATIONS, parseSkills } from '@placement/domain';
import { FormField } from '../components/FormField';
import type { FieldErrors } from '../validation';
import { CategoryPicker } from './CategoryPicker';
import { EligibilityRulesFields } from './EligibilityRulesFields';
import type { JobFormValues } from './jobFormValues';
import './jobForm.css';

type TextName = Exclude<keyof JobFormValues, 'offerType' | 'category' | 'eligibilityRules'>;

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
  { name: 'tier', label: 'Placement Tier', hint: "Optional: a tier of the placement policy (e.g. Dream); left blank, the job's CTC decides" },
  { name: 'location', label: 'Location', required: true },
  { name: 'dateOfJoining', label: 'Date of Joining', required: true, type: 'date' },
  { name: 'eligibility', label: 'Eligibility', required: true, multiline: true },
];

const EXTRA: TextSpec[] = [
  { name: 'jobDescription', label: 'Job Description', multiline: true, hint: 'Optional' },
  { name: 'additionalInfo', label: 'Additional Information', multiline: true, hint: 'Optional' },
];

/**
 * Every field of the job form (spec §3 Job, §5), grouped as company, contact, job and more details.
 * Shared by the public /post-job form and the admin panel's create/edit overlay; the caller owns the
 * values, validates them with the domain's jobFormSchema and passes the messages back as `errors`.
 */
export function JobFormFields({
  values,
  errors,
  onChange,
  disabled,
  idPrefix = 'job',
}: {
  values: JobFormValues;
  errors: FieldErrors;
  onChange: (next: JobFormValues) => void;
  disabled?: boolean;
  idPrefix?: string;
}) {
  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange({ ...values, [event.target.name]: event.target.value });
  const toggleOffer = (type: string, on: boolean) => onChange({ ...values, offerType: on ? [...values.offerType, type] : values.offerType.filter((entry) => entry !== type) });
  const skills = parseSkills(values.skills);
  const offerErrorId = `${idPrefix}-offerType-error`;

  const field = (spec: TextSpec) => (
    <FormField key={spec.name} id={`${idPrefix}-${spec.name}`} label={spec.label} error={errors[spec.name]} required={spec.required} hint={spec.hint}>
      {(control) =>
        spec.multiline ? (
          <InputTextarea {...control} name={spec.name} rows={3} autoResize value={values[spec.name]} onChange={onText} invalid={control['aria-invalid']} className="w-full" disabled={disabled} />
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
            disabled={disabled}
          />
        )
      }
    </FormField>
  );

  const choice = (name: 'resultDeclaration' | 'reference', label: string, options: readonly string[]) => (
    <FormField id={`${idPrefix}-${name}`} label={label} error={errors[name]} required>
      {(control) => (
        <select {...control} name={name} value={values[name]} onChange={onText} className="p-inputtext p-component w-full" disabled={disabled}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <>
      <fieldset className="job-form__section">
        <legend>Company</legend>
        <div className="job-form__grid">{COMPANY.map(field)}</div>
      </fieldset>

      <fieldset className="job-form__section">
        <legend>Contact person</legend>
        <div className="job-form__grid">{CONTACT.map(field)}</div>
      </fieldset>

      <fieldset className="job-form__section">
        <legend>Job</legend>
        <div className="job-form__grid">{JOB.map(field)}</div>

        <fieldset className="job-form__choices" aria-describedby={errors.offerType ? offerErrorId : undefined}>
          <legend>
            Offer Type<span aria-hidden="true"> *</span>
          </legend>
          <div className="job-form__checks">
            {OFFER_TYPES.map((type, index) => (
              <label key={type} className="job-form__check">
                <input type="checkbox" name={index === 0 ? 'offerType' : `offerType-${index}`} checked={values.offerType.includes(type)} onChange={(event) => toggleOffer(type, event.target.checked)} disabled={disabled} />
                {type}
              </label>
            ))}
          </div>
          {errors.offerType && (
            <small id={offerErrorId} className="form-field__error" role="alert">
              <i className="pi pi-exclamation-circle" aria-hidden="true" /> {errors.offerType}
            </small>
          )}
        </fieldset>

        <div className="job-form__grid">
          {choice('resultDeclaration', 'Result Declaration', RESULT_DECLARATIONS)}
          {choice('reference', 'Reference', REFERENCES)}
        </div>

        <FormField id={`${idPrefix}-skills`} label="Skills" error={errors.skills} required hint="Separate skills with commas, e.g. React, Node.js, SQL">
          {(control) => <InputText {...control} name="skills" value={values.skills} onChange={onText} invalid={control['aria-invalid']} className="w-full" disabled={disabled} />}
        </FormField>
        {skills.length > 0 && (
          <ul className="tag-list job-form__preview" aria-label="Skills to be posted">
            {skills.map((skill) => (
              <li key={skill} className="tag">
                {skill}
              </li>
            ))}
          </ul>
        )}

        <FormField id={`${idPrefix}-category`} label="Category" error={errors.category} required hint="Pick from the suggestions or add your own">
          {(control) => <CategoryPicker control={control} value={values.category} onChange={(category) => onChange({ ...values, category })} disabled={disabled} />}
        </FormField>
      </fieldset>

      <EligibilityRulesFields values={values.eligibilityRules} errors={errors} onChange={(eligibilityRules) => onChange({ ...values, eligibilityRules })} disabled={disabled} idPrefix={idPrefix} />

      <fieldset className="job-form__section">
        <legend>More details</legend>
        {EXTRA.map(field)}
      </fieldset>
    </>
  );
}
