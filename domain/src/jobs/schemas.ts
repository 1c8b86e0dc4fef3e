import { z } from 'zod';
import { LIMITS, OFFER_TYPES, RESULT_DECLARATIONS } from '../constants';
import {
  httpUrl,
  isoDateOrDateTime,
  nonEmptyUniqueTexts,
  numberInput,
  optionalText,
  requiredChoice,
  requiredEmail,
  requiredText,
  requiredWebsite,
  uniqueTrimmed,
} from '../schemas-shared';
import { eligibilityRulesSchema, NO_ELIGIBILITY_RULES } from './eligibility';

export const JOB_MESSAGES = {
  required: 'This field is required',
  offerType: 'Please select at least one offer type',
  skills: 'Please add at least one skill',
  category: 'Please select at least one category',
  email: 'Please enter a valid email address',
  year: 'Please enter a valid year',
  missingFieldsAlert: 'Please fill in the following required fields:',
  // Not worded by the spec:
  vacancies: 'Vacancies must be a whole number of at least 1',
  offerTypeValue: 'Please select a valid offer type',
  resultDeclarationValue: 'Please select a valid result declaration',
  date: 'Please enter a valid date',
  logoUrl: 'Please enter a valid URL for the company logo',
  website: 'Please enter a valid website address (http or https)',
  status: 'Status must be approved or rejected',
} as const;

const required = JOB_MESSAGES.required;

/** The job form, shared by the public and admin forms, the API and the decider. */
export const jobFormSchema = (currentYear: number) =>
  z.object({
    companyName: requiredText(required),
    companyLogo: optionalText().refine((url) => url === '' || httpUrl(JOB_MESSAGES.logoUrl).safeParse(url).success, { error: JOB_MESSAGES.logoUrl }),
    website: requiredWebsite({ required, invalid: JOB_MESSAGES.website }),
    officeAddress: requiredText(required),
    yearOfEstablishment: numberInput({ required, invalid: JOB_MESSAGES.year }, (year) =>
      year.int({ error: JOB_MESSAGES.year }).min(LIMITS.minEstablishmentYear, { error: JOB_MESSAGES.year }).max(currentYear, { error: JOB_MESSAGES.year }),
    ),
    contactPersonName: requiredText(required),
    contactNumber: requiredText(required),
    email: requiredEmail({ required, invalid: JOB_MESSAGES.email }),
    profiles: requiredText(required),
    eligibility: requiredText(required),
    /** Optional everywhere (the public form may leave it to staff); none admits everyone. */
    eligibilityRules: eligibilityRulesSchema.optional().transform((rules) => rules ?? NO_ELIGIBILITY_RULES),
    vacancies: numberInput({ required, invalid: JOB_MESSAGES.vacancies }, (count) =>
      count.int({ error: JOB_MESSAGES.vacancies }).min(LIMITS.minVacancies, { error: JOB_MESSAGES.vacancies }),
    ).default(LIMITS.minVacancies),
    offerType: z
      .array(z.enum(OFFER_TYPES, { error: JOB_MESSAGES.offerTypeValue }), { error: JOB_MESSAGES.offerType })
      .min(1, { error: JOB_MESSAGES.offerType })
      .transform((types) => [...new Set(types)]),
    ctcOrStipend: requiredText(required),
    /** The placement policy's tier this job is marked with (e.g. 'Dream'); '' (and absent in older events): the tier follows from its CTC. */
    tier: optionalText(),
    location: requiredText(required),
    resultDeclaration: requiredChoice(RESULT_DECLARATIONS, { required, invalid: JOB_MESSAGES.resultDeclarationValue }).default('Same day'),
    dateOfJoining: isoDateOrDateTime({ required, invalid: JOB_MESSAGES.date }),
    reference: requiredText(required).default('Self'),
    jobDescription: optionalText(),
    additionalInfo: optionalText(),
    skills: z.preprocess((skills) => (typeof skills === 'string' ? parseSkills(skills) : skills), nonEmptyUniqueTexts(JOB_MESSAGES.skills)),
    category: nonEmptyUniqueTexts(JOB_MESSAGES.category),
  });

export type JobFormInput = z.input<ReturnType<typeof jobFormSchema>>;
export type JobFields = z.output<ReturnType<typeof jobFormSchema>>;

/** Every job field, in form order (the order of edits' before/after and of the admin alert). */
export const JOB_FIELD_NAMES = [
  'companyName',
  'companyLogo',
  'website',
  'officeAddress',
  'yearOfEstablishment',
  'contactPersonName',
  'contactNumber',
  'email',
  'profiles',
  'eligibility',
  'eligibilityRules',
  'vacancies',
  'offerType',
  'ctcOrStipend',
  'tier',
  'location',
  'resultDeclaration',
  'dateOfJoining',
  'reference',
  'jobDescription',
  'additionalInfo',
  'skills',
  'category',
] as const satisfies readonly (keyof JobFields)[];

/** The status an admin may set (PATCH /api/jobs/{id}/status). */
export const jobStatusChangeSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: JOB_MESSAGES.status }),
});

const OVERRIDE_REASON_MAX_CHARS = 500;

export const ELIGIBILITY_OVERRIDE_MESSAGES = {
  studentRequired: 'Please choose a student',
  reasonRequired: 'Please give a reason',
  reasonTooLong: `The reason may have at most ${OVERRIDE_REASON_MAX_CHARS} characters`,
} as const;

/** POST /api/jobs/{id}/eligibility-overrides: one student may apply despite the rules, for a reason. */
export const eligibilityOverrideSchema = z.object({
  studentId: requiredText(ELIGIBILITY_OVERRIDE_MESSAGES.studentRequired),
  reason: requiredText(ELIGIBILITY_OVERRIDE_MESSAGES.reasonRequired).max(OVERRIDE_REASON_MAX_CHARS, { error: ELIGIBILITY_OVERRIDE_MESSAGES.reasonTooLong }),
});

/** Skills typed as 'React, node ,react,' become ['React', 'node']. */
export const parseSkills = (text: string): string[] => uniqueTrimmed(text.split(','));

/** Human names of the required fields, for the admin alert. */
export const REQUIRED_JOB_FIELD_LABELS = {
  companyName: 'Company Name',
  officeAddress: 'Office Address',
  website: 'Website',
  yearOfEstablishment: 'Year of Establishment',
  contactPersonName: 'Contact Person Name',
  contactNumber: 'Contact Number',
  email: 'Email',
  profiles: 'Job Profile',
  eligibility: 'Eligibility',
  vacancies: 'Vacancies',
  offerType: 'Offer Type',
  ctcOrStipend: 'CTC/Stipend',
  location: 'Location',
  resultDeclaration: 'Result Declaration',
  dateOfJoining: 'Date of Joining',
  reference: 'Reference',
  skills: 'Skills',
  category: 'Category',
} as const satisfies Partial<Record<keyof JobFields, string>>;

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string' && item.trim() === '');
  return false;
}

/** The labels of the required fields the form leaves blank, in form order. */
export function missingRequiredJobFields(form: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(REQUIRED_JOB_FIELD_LABELS)
    .filter(([field]) => isBlank(field === 'skills' && typeof form.skills === 'string' ? parseSkills(form.skills) : form[field]))
    .map(([, label]) => label);
}

/** The alert text for missing fields, or null when none is missing. */
export function missingJobFieldsAlert(form: Readonly<Record<string, unknown>>): string | null {
  const missing = missingRequiredJobFields(form);
  return missing.length === 0 ? null : `${JOB_MESSAGES.missingFieldsAlert}\n${missing.join('\n')}`;
}
