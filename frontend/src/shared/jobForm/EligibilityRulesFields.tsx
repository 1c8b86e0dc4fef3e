import type { ChangeEvent } from 'react';
import { GRADUATION_SCALES, SCHOOLS } from '@placement/domain';
import { FormField } from '../components/FormField';
import type { FieldErrors } from '../validation';
import type { EligibilityRuleValues } from './jobFormValues';

const NUMBERS = [
  { name: 'minTenthPercentage', label: 'Minimum 10th percentage', hint: '0 to 100' },
  { name: 'minTwelfthPercentage', label: 'Minimum 12th percentage', hint: '0 to 100' },
  { name: 'minGraduation', label: 'Minimum graduation score', hint: 'CGPA out of 10, or a percentage' },
  { name: 'maxBacklogs', label: 'Maximum existing backlogs', hint: '0 allows none' },
] as const;

const LISTS = [
  { name: 'passingYears', label: 'Passing years', hint: 'Separate with commas, e.g. 2026, 2027' },
  { name: 'degrees', label: 'Degrees', hint: 'Separate with commas, e.g. B.Tech, MCA' },
] as const;

/**
 * The job's eligibility rules, beside the free-text eligibility: optional, blank means no rule. The
 * portal checks them when a student applies and shows students which rule they do not meet.
 */
export function EligibilityRulesFields({
  values,
  errors,
  onChange,
  disabled,
  idPrefix,
}: {
  values: EligibilityRuleValues;
  errors: FieldErrors;
  onChange: (next: EligibilityRuleValues) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const onText = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ ...values, [event.target.name.replace('eligibilityRules.', '')]: event.target.value });
  const toggleSchool = (school: string, on: boolean) => onChange({ ...values, schools: on ? [...values.schools, school] : values.schools.filter((entry) => entry !== school) });
  const error = (name: string) => errors[`eligibilityRules.${name}`];

  return (
    <fieldset className="job-form__section">
      <legend>Eligibility rules (optional)</legend>
      <p className="job-form__hint">Leave a rule blank to admit every student. Students see which rule they do not meet before they apply.</p>
      <div className="job-form__grid">
        {NUMBERS.map((spec) => (
          <FormField key={spec.name} id={`${idPrefix}-rules-${spec.name}`} label={spec.label} error={error(spec.name)} hint={spec.hint}>
            {(control) => (
              <input {...control} className="p-inputtext p-component w-full" name={`eligibilityRules.${spec.name}`} inputMode="decimal" value={values[spec.name]} onChange={onText} disabled={disabled} />
            )}
          </FormField>
        ))}
        <FormField id={`${idPrefix}-rules-graduationScale`} label="Graduation score in" error={error('graduationScale')}>
          {(control) => (
            <select {...control} name="eligibilityRules.graduationScale" value={values.graduationScale} onChange={onText} className="p-inputtext p-component w-full" disabled={disabled}>
              {GRADUATION_SCALES.map((scale) => (
                <option key={scale} value={scale}>
                  {scale}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {LISTS.map((spec) => (
          <FormField key={spec.name} id={`${idPrefix}-rules-${spec.name}`} label={spec.label} error={error(spec.name)} hint={spec.hint}>
            {(control) => <input {...control} className="p-inputtext p-component w-full" name={`eligibilityRules.${spec.name}`} value={values[spec.name]} onChange={onText} disabled={disabled} />}
          </FormField>
        ))}
      </div>
      <fieldset className="job-form__choices">
        <legend>Schools (none ticked admits every school)</legend>
        <div className="job-form__checks">
          {SCHOOLS.map((school) => (
            <label key={school} className="job-form__check">
              <input type="checkbox" name={`eligibilityRules.schools.${school}`} checked={values.schools.includes(school)} onChange={(event) => toggleSchool(school, event.target.checked)} disabled={disabled} />
              {school}
            </label>
          ))}
        </div>
        {error('schools') && (
          <small className="form-field__error" role="alert">
            {error('schools')}
          </small>
        )}
      </fieldset>
    </fieldset>
  );
}
