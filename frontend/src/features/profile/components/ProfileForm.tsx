import { useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { SCHOOLS } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField } from '../../../shared/components/FormField';
import { fileUrl } from '../../../shared/files';
import { focusFirstError, type FieldErrors } from '../../../shared/validation';
import { profileSaveRequested, selectProfile } from '../profileSlice';
import {
  acceptsPercentage,
  emptyCertification,
  emptyExperience,
  formValuesOf,
  submissionOf,
  uploadsOf,
  validateProfileForm,
  type ProfileFormValues,
} from '../profileForm';
import type { Profile } from '../types';

const idOf = (field: string) => `pf-${field.replace(/\./g, '-')}`;

type EducationLevel = keyof ProfileFormValues['education'];

/**
 * The profile form (spec §2, §3, §5): fullName, email and rollNo read-only; every other field
 * editable; skills, certifications and experience as lists; the photo, a PDF resume and the
 * certification images uploaded with progress.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const dispatch = useAppDispatch();
  const { save } = useAppSelector(selectProfile);
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [skillDraft, setSkillDraft] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const saving = save.status === 'saving';

  const update = (next: ProfileFormValues) => {
    setValues(next);
    if (submitted) setErrors(validateProfileForm(next));
  };

  const onText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    update({ ...values, [event.target.name]: event.target.value });
  };

  const onEducation = (level: EducationLevel, field: string, value: string) => {
    if (field === 'percentage' && !acceptsPercentage(value)) return;
    update({ ...values, education: { ...values.education, [level]: { ...values.education[level], [field]: value } } });
  };

  const addSkill = () => {
    const names = skillDraft
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    const known = new Set(values.skills.map((skill) => skill.name.toLowerCase()));
    const added = names.filter((name) => !known.has(name.toLowerCase()) && known.add(name.toLowerCase())).map((name) => ({ id: nanoid(), name }));
    setSkillDraft('');
    if (added.length > 0) update({ ...values, skills: [...values.skills, ...added] });
  };

  const onSkillKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addSkill();
    }
  };

  const setCertification = (index: number, change: Partial<ProfileFormValues['certifications'][number]>) =>
    update({ ...values, certifications: values.certifications.map((entry, at) => (at === index ? { ...entry, ...change } : entry)) });

  const setExperience = (index: number, change: Partial<ProfileFormValues['experience'][number]>) =>
    update({ ...values, experience: values.experience.map((entry, at) => (at === index ? { ...entry, ...change } : entry)) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateProfileForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    dispatch(profileSaveRequested(submissionOf(values), uploadsOf(values)));
  };

  const shown: FieldErrors = { ...save.fieldErrors, ...errors };
  const errorCount = Object.keys(errors).length;

  const textField = (name: keyof ProfileFormValues & string, label: string, options: { required?: boolean; hint?: string; type?: string; inputMode?: 'numeric' | 'email' | 'tel'; maxLength?: number; autoComplete?: string } = {}) => (
    <FormField id={idOf(name)} label={label} error={shown[name]} required={options.required} hint={options.hint}>
      {(control) => (
        <InputText
          {...control}
          name={name}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          maxLength={options.maxLength}
          autoComplete={options.autoComplete}
          value={values[name] as string}
          onChange={onText}
          invalid={control['aria-invalid']}
          className="w-full"
          disabled={saving}
        />
      )}
    </FormField>
  );

  const educationField = (level: EducationLevel, field: string, label: string, options: { required?: boolean; hint?: string; percentage?: boolean; year?: boolean } = {}) => {
    const key = `education.${level}.${field}`;
    const value = (values.education[level] as Record<string, string>)[field] ?? '';
    return (
      <FormField id={idOf(key)} label={label} error={shown[key]} required={options.required} hint={options.hint}>
        {(control) => (
          <InputText
            {...control}
            name={key}
            type={options.percentage ? 'number' : 'text'}
            inputMode={options.year ? 'numeric' : options.percentage ? 'decimal' : undefined}
            min={options.percentage ? 0 : undefined}
            max={options.percentage ? 100 : undefined}
            step={options.percentage ? 'any' : undefined}
            maxLength={options.year ? 4 : undefined}
            value={value}
            onChange={(event) => onEducation(level, field, event.target.value)}
            invalid={control['aria-invalid']}
            className="w-full"
            disabled={saving}
          />
        )}
      </FormField>
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Student details" className="profile-form">
      {save.status === 'failed' && save.error && <Message severity="error" text={save.error} className="w-full" />}

      <fieldset className="profile-form__section">
        <legend>Account</legend>
        <div className="profile-form__grid">
          {(
            [
              ['fullName', 'Full Name', profile.fullName],
              ['email', 'Email', profile.email],
              ['rollNo', 'Roll Number', profile.rollNo ?? ''],
            ] as const
          ).map(([name, label, value]) => (
            <FormField key={name} id={idOf(name)} label={label}>
              {(control) => <InputText {...control} name={name} value={value} readOnly aria-readonly="true" className="w-full profile-form__readonly" />}
            </FormField>
          ))}
        </div>
      </fieldset>

      <fieldset className="profile-form__section">
        <legend>Contact and family</legend>
        <div className="profile-form__grid">
          {textField('mobileNo', 'Mobile Number', { required: true, hint: '10 digits', type: 'tel', inputMode: 'numeric', maxLength: 10, autoComplete: 'tel' })}
          {textField('whatsappNo', 'WhatsApp Number', { required: true, hint: '10 digits', type: 'tel', inputMode: 'numeric', maxLength: 10 })}
          {textField('mailId', 'Alternate Email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {textField('fatherName', "Father's Name", { required: true })}
          {textField('fatherNumber', "Father's Number", { required: true, hint: '10 digits', type: 'tel', inputMode: 'numeric', maxLength: 10 })}
        </div>
      </fieldset>

      <fieldset className="profile-form__section">
        <legend>Education</legend>
        <h3 className="profile-form__subhead">10th</h3>
        <div className="profile-form__grid">
          {educationField('tenth', 'percentage', '10th Percentage', { required: true, percentage: true, hint: '0 to 100' })}
          {educationField('tenth', 'passingYear', '10th Passing Year', { required: true, year: true, hint: '4 digits' })}
        </div>
        <h3 className="profile-form__subhead">12th</h3>
        <div className="profile-form__grid">
          {educationField('twelfth', 'percentage', '12th Percentage', { required: true, percentage: true, hint: '0 to 100' })}
          {educationField('twelfth', 'passingYear', '12th Passing Year', { required: true, year: true, hint: '4 digits' })}
        </div>
        <h3 className="profile-form__subhead">Graduation</h3>
        <div className="profile-form__grid">
          {educationField('graduation', 'degree', 'Graduation Degree')}
          {educationField('graduation', 'percentageOrCGPA', 'Graduation Percentage or CGPA')}
          {educationField('graduation', 'passingYear', 'Graduation Passing Year', { year: true, hint: '4 digits, may be blank' })}
        </div>
        <h3 className="profile-form__subhead">Masters</h3>
        <div className="profile-form__grid">
          {educationField('masters', 'degree', 'Masters Degree')}
          {educationField('masters', 'percentageOrCGPA', 'Masters Percentage or CGPA')}
          {educationField('masters', 'passingYear', 'Masters Passing Year', { year: true, hint: '4 digits, may be blank' })}
        </div>
      </fieldset>

      <fieldset className="profile-form__section">
        <legend>Academic details</legend>
        <div className="profile-form__grid">
          <FormField id={idOf('school')} label="School" error={shown.school} required>
            {(control) => (
              <select {...control} name="school" value={values.school} onChange={onText} className="p-inputtext p-component w-full" disabled={saving}>
                <option value="">Select a school</option>
                {SCHOOLS.map((school) => (
                  <option key={school} value={school}>
                    {school}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {textField('existingBacklogs', 'Existing Backlogs', { required: true, inputMode: 'numeric', hint: 'A whole number, 0 or more' })}
          {textField('areaOfInterest', 'Area of Interest', { required: true })}
        </div>
        <label className="profile-form__check">
          <input type="checkbox" name="readyToRelocate" checked={values.readyToRelocate} onChange={(event) => update({ ...values, readyToRelocate: event.target.checked })} disabled={saving} />
          Ready to relocate
        </label>
      </fieldset>

      <fieldset className="profile-form__section">
        <legend>Skills</legend>
        <div className="profile-form__inline">
          <FormField id={idOf('skills')} label="Add a skill" error={shown.skills} required hint="Press Enter or Add; separate several with commas">
            {(control) => (
              <InputText {...control} name="skills" value={skillDraft} onChange={(event) => setSkillDraft(event.target.value)} onKeyDown={onSkillKey} className="w-full" disabled={saving} invalid={control['aria-invalid']} />
            )}
          </FormField>
          <Button type="button" label="Add" icon="pi pi-plus" onClick={addSkill} disabled={saving || skillDraft.trim() === ''} className="profile-form__inline-button" />
        </div>
        {values.skills.length === 0 ? (
          <p className="profile-form__empty">No skills added yet.</p>
        ) : (
          <ul className="tag-list" aria-label="Skills">
            {values.skills.map((skill) => (
              <li key={skill.id} className="tag profile-form__tag">
                {skill.name}
                <button
                  type="button"
                  className="profile-form__tag-remove"
                  aria-label={`Remove skill ${skill.name}`}
                  onClick={() => update({ ...values, skills: values.skills.filter((entry) => entry.id !== skill.id) })}
                  disabled={saving}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <fieldset className="profile-form__section">
        <legend>Certifications</legend>
        <label className="profile-form__check">
          <input
            type="checkbox"
            name="hasCertifications"
            checked={values.hasCertifications}
            onChange={(event) =>
              update({ ...values, hasCertifications: event.target.checked, certifications: event.target.checked && values.certifications.length === 0 ? [emptyCertification()] : values.certifications })
            }
            disabled={saving}
          />
          I have certifications
        </label>
        {values.hasCertifications && (
          <>
            {values.certifications.map((certification, index) => (
              <div key={certification.key} className="profile-form__entry" role="group" aria-label={`Certification ${index + 1}`}>
                <div className="profile-form__grid">
                  <FormField id={idOf(`certifications.${index}.name`)} label={`Certification ${index + 1} Name`} error={shown[`certifications.${index}.name`]} required>
                    {(control) => (
                      <InputText
                        {...control}
                        name={`certifications.${index}.name`}
                        value={certification.name}
                        onChange={(event) => setCertification(index, { name: event.target.value })}
                        invalid={control['aria-invalid']}
                        className="w-full"
                        disabled={saving}
                      />
                    )}
                  </FormField>
                  <FormField
                    id={idOf(`certifications.${index}.image`)}
                    label={`Certification ${index + 1} Image`}
                    error={shown[`certifications.${index}.image`]}
                    hint={certification.image && !certification.file ? 'An image is stored; choose a file to replace it' : 'An image file'}
                  >
                    {(control) => (
                      <input
                        {...control}
                        name={`certifications.${index}.image`}
                        type="file"
                        accept="image/*"
                        className="file-input"
                        onChange={(event) => setCertification(index, { file: event.target.files?.[0] ?? null })}
                        disabled={saving}
                      />
                    )}
                  </FormField>
                </div>
                <div className="profile-form__entry-actions">
                  {certification.image && (
                    <a href={fileUrl(certification.image)} target="_blank" rel="noreferrer">
                      View stored image
                    </a>
                  )}
                  <Button
                    type="button"
                    label="Remove"
                    icon="pi pi-trash"
                    className="p-button-text p-button-danger"
                    aria-label={`Remove certification ${index + 1}`}
                    onClick={() => update({ ...values, certifications: values.certifications.filter((_, at) => at !== index) })}
                    disabled={saving}
                  />
                </div>
              </div>
            ))}
            {values.certifications.length === 0 && <p className="profile-form__empty">No certifications available.</p>}
            <Button type="button" label="Add Certification" icon="pi pi-plus" className="p-button-outlined" onClick={() => update({ ...values, certifications: [...values.certifications, emptyCertification()] })} disabled={saving} />
          </>
        )}
      </fieldset>

      <fieldset className="profile-form__section">
        <legend>Experience</legend>
        <label className="profile-form__check">
          <input type="checkbox" name="hasExperience" checked={values.hasExperience} onChange={(event) => update({ ...values, hasExperience: event.target.checked })} disabled={saving} />
          I have work experience
        </label>
        {values.hasExperience && (
          <>
            {values.experience.map((entry, index) => (
              <div key={entry.key} className="profile-form__entry" role="group" aria-label={`Experience ${index + 1}`}>
                <div className="profile-form__grid">
                  <FormField id={idOf(`experience.${index}.organizationName`)} label={`Experience ${index + 1} Organization`} error={shown[`experience.${index}.organizationName`]} required>
                    {(control) => (
                      <InputText
                        {...control}
                        name={`experience.${index}.organizationName`}
                        value={entry.organizationName}
                        onChange={(event) => setExperience(index, { organizationName: event.target.value })}
                        invalid={control['aria-invalid']}
                        className="w-full"
                        disabled={saving}
                      />
                    )}
                  </FormField>
                  <FormField id={idOf(`experience.${index}.duration`)} label={`Experience ${index + 1} Duration`} error={shown[`experience.${index}.duration`]} required hint="For example: 6 months">
                    {(control) => (
                      <InputText
                        {...control}
                        name={`experience.${index}.duration`}
                        value={entry.duration}
                        onChange={(event) => setExperience(index, { duration: event.target.value })}
                        invalid={control['aria-invalid']}
                        className="w-full"
                        disabled={saving}
                      />
                    )}
                  </FormField>
                </div>
                <FormField id={idOf(`experience.${index}.details`)} label={`Experience ${index + 1} Details`} error={shown[`experience.${index}.details`]} required>
                  {(control) => (
                    <InputTextarea
                      {...control}
                      name={`experience.${index}.details`}
                      value={entry.details}
                      rows={3}
                      autoResize
                      onChange={(event) => setExperience(index, { details: event.target.value })}
                      invalid={control['aria-invalid']}
                      className="w-full"
                      disabled={saving}
                    />
                  )}
                </FormField>
                {values.experience.length > 1 && (
                  <div className="profile-form__entry-actions">
                    <Button
                      type="button"
                      label="Remove"
                      icon="pi pi-trash"
                      className="p-button-text p-button-danger"
                      aria-label={`Remove experience ${index + 1}`}
                      onClick={() => update({ ...values, experience: values.experience.filter((_, at) => at !== index) })}
                      disabled={saving}
                    />
                  </div>
                )}
              </div>
            ))}
            <Button type="button" label="Add Experience" icon="pi pi-plus" className="p-button-outlined" onClick={() => update({ ...values, experience: [...values.experience, emptyExperience()] })} disabled={saving} />
          </>
        )}
      </fieldset>

      <fieldset className="profile-form__section">
        <legend>Photo and resume</legend>
        <div className="profile-form__grid">
          <FormField id={idOf('profilePhoto')} label="Profile Photo" error={shown.profilePhoto} hint={profile.profilePhoto ? 'A photo is stored; choose a file to replace it' : 'An image file'}>
            {(control) => (
              <input {...control} name="profilePhoto" type="file" accept="image/*" className="file-input" onChange={(event) => update({ ...values, profilePhoto: event.target.files?.[0] ?? null })} disabled={saving} />
            )}
          </FormField>
          <FormField id={idOf('resume')} label="Resume" error={shown.resume} hint={profile.resume ? 'A resume is stored; choose a PDF to replace it' : 'PDF only'}>
            {(control) => (
              <input {...control} name="resume" type="file" accept=".pdf,application/pdf" className="file-input" onChange={(event) => update({ ...values, resume: event.target.files?.[0] ?? null })} disabled={saving} />
            )}
          </FormField>
        </div>
      </fieldset>

      {saving && (
        <div className="upload-progress">
          <span id="pf-progress-label">Uploading... {save.progress}%</span>
          <ProgressBar value={save.progress} showValue={false} aria-labelledby="pf-progress-label" style={{ height: '0.5rem' }} />
        </div>
      )}
      {errorCount > 0 && (
        <p className="profile-form__summary" role="status">
          Please correct the {errorCount === 1 ? 'highlighted field' : `${errorCount} highlighted fields`}.
        </p>
      )}
      <div className="profile-form__actions">
        <Button type="submit" label={saving ? 'Saving...' : 'Save Profile'} icon="pi pi-save" loading={saving} />
      </div>
    </form>
  );
}
