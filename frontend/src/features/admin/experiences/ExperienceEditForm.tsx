import { useState, type FormEvent } from 'react';
import { FormField } from '../../../shared/components/FormField';
import { DIFFICULTIES, EXPERIENCE_RATINGS, OFFER_STATUSES, type Experience, type ExperienceForm } from '../types';

type TextKey = 'companyName' | 'role' | 'author' | 'batch' | 'course' | 'interviewLocation';
const TEXT_FIELDS: { key: TextKey; label: string }[] = [
  { key: 'companyName', label: 'Company Name' },
  { key: 'role', label: 'Role' },
  { key: 'author', label: 'Author' },
  { key: 'batch', label: 'Batch' },
  { key: 'course', label: 'Course' },
  { key: 'interviewLocation', label: 'Interview Location' },
];

export type ExperienceErrors = Partial<Record<TextKey | 'offerStatus' | 'experienceRating' | 'difficulty', string>> & { rounds?: { name?: string; description?: string }[] };

/** Every text field, the three selects and each round's name and description are required (spec §5). */
export function validateExperience(form: ExperienceForm): ExperienceErrors {
  const errors: ExperienceErrors = {};
  for (const { key, label } of TEXT_FIELDS) if (!form[key].trim()) errors[key] = `${label} is required`;
  if (!form.offerStatus) errors.offerStatus = 'Offer status is required';
  if (!form.experienceRating) errors.experienceRating = 'Experience rating is required';
  if (!form.difficulty) errors.difficulty = 'Difficulty is required';
  const rounds = form.rounds.map((r) => ({
    ...(r.name.trim() ? {} : { name: 'Round name is required' }),
    ...(r.description.trim() ? {} : { description: 'Round description is required' }),
  }));
  if (rounds.some((r) => r.name || r.description)) errors.rounds = rounds;
  return errors;
}

const hasErrors = (errors: ExperienceErrors) => Object.keys(errors).length > 0;

export function formOf(experience: Experience): ExperienceForm {
  return {
    companyName: experience.companyName ?? '',
    role: experience.role ?? '',
    author: experience.author ?? '',
    batch: experience.batch ?? '',
    course: experience.course ?? '',
    interviewLocation: experience.interviewLocation ?? '',
    offerStatus: experience.offerStatus ?? 'No Selected',
    experienceRating: experience.experienceRating ?? 'Neutral',
    difficulty: experience.difficulty ?? 'Medium',
    rounds: experience.rounds && experience.rounds.length > 0 ? experience.rounds.map((r) => ({ name: r.name ?? '', description: r.description ?? '' })) : [{ name: '', description: '' }],
  };
}

/** 'Edit Interview Experience' with Save Changes and Cancel. */
export function ExperienceEditForm({ experience, saving, onSave, onCancel }: { experience: Experience; saving: boolean; onSave: (form: ExperienceForm) => void; onCancel: () => void }) {
  const [form, setForm] = useState<ExperienceForm>(() => formOf(experience));
  const [errors, setErrors] = useState<ExperienceErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateExperience(form);
    setErrors(found);
    if (!hasErrors(found)) onSave({ ...form, rounds: form.rounds.map((r) => ({ name: r.name.trim(), description: r.description.trim() })) });
  };
  const setRound = (index: number, key: 'name' | 'description', value: string) =>
    setForm((f) => ({ ...f, rounds: f.rounds.map((r, i) => (i === index ? { ...r, [key]: value } : r)) }));

  return (
    <form onSubmit={submit} noValidate className="admin-form" aria-labelledby="experience-edit-title">
      <h3 id="experience-edit-title">Edit Interview Experience</h3>
      <div className="admin-form__grid">
        {TEXT_FIELDS.map(({ key, label }) => (
          <FormField key={key} id={`experience-${key}`} label={label} required error={errors[key]}>
            {(p) => <input {...p} className="admin-input" value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} />}
          </FormField>
        ))}
        <FormField id="experience-offerStatus" label="Offer Status" required error={errors.offerStatus}>
          {(p) => (
            <select {...p} className="admin-input" value={form.offerStatus} onChange={(e) => setForm((f) => ({ ...f, offerStatus: e.target.value as ExperienceForm['offerStatus'] }))}>
              {OFFER_STATUSES.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="experience-experienceRating" label="Experience Rating" required error={errors.experienceRating}>
          {(p) => (
            <select {...p} className="admin-input" value={form.experienceRating} onChange={(e) => setForm((f) => ({ ...f, experienceRating: e.target.value as ExperienceForm['experienceRating'] }))}>
              {EXPERIENCE_RATINGS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="experience-difficulty" label="Difficulty" required error={errors.difficulty}>
          {(p) => (
            <select {...p} className="admin-input" value={form.difficulty} onChange={(e) => setForm((f) => ({ ...f, difficulty: e.target.value as ExperienceForm['difficulty'] }))}>
              {DIFFICULTIES.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <fieldset className="admin-form__rounds">
        <legend>Rounds</legend>
        {form.rounds.map((round, index) => (
          <div key={index} className="admin-form__round">
            <FormField id={`round-${index}-name`} label={`Round ${index + 1} name`} required error={errors.rounds?.[index]?.name}>
              {(p) => <input {...p} className="admin-input" value={round.name} onChange={(e) => setRound(index, 'name', e.target.value)} />}
            </FormField>
            <FormField id={`round-${index}-description`} label={`Round ${index + 1} description`} required error={errors.rounds?.[index]?.description}>
              {(p) => <textarea {...p} className="admin-input" rows={3} value={round.description} onChange={(e) => setRound(index, 'description', e.target.value)} />}
            </FormField>
            {form.rounds.length > 1 && (
              <button type="button" className="admin-btn admin-btn--small admin-btn--danger" onClick={() => setForm((f) => ({ ...f, rounds: f.rounds.filter((_, i) => i !== index) }))}>
                Remove round {index + 1}
              </button>
            )}
          </div>
        ))}
        <button type="button" className="admin-btn admin-btn--small" onClick={() => setForm((f) => ({ ...f, rounds: [...f.rounds, { name: '', description: '' }] }))}>
          Add Round
        </button>
      </fieldset>
      <div className="admin-form__actions">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={saving}>
          Save Changes
        </button>
        <button type="button" className="admin-btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
