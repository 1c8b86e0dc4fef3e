import { LIMITS, REFERENCES, RESULT_DECLARATIONS, rulesOrNone, type EligibilityRules, type JobFields } from '@placement/domain';

/** The eligibility rules as typed: numbers and comma-separated lists as text, blank for no rule. */
export interface EligibilityRuleValues {
  minTenthPercentage: string;
  minTwelfthPercentage: string;
  minGraduation: string;
  graduationScale: string;
  maxBacklogs: string;
  passingYears: string;
  degrees: string;
  schools: string[];
}

export function eligibilityRuleValuesOf(stored: EligibilityRules | null | undefined): EligibilityRuleValues {
  const rules = rulesOrNone(stored);
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    minTenthPercentage: text(rules.minTenthPercentage),
    minTwelfthPercentage: text(rules.minTwelfthPercentage),
    minGraduation: text(rules.minGraduation),
    graduationScale: rules.graduationScale,
    maxBacklogs: text(rules.maxBacklogs),
    passingYears: rules.passingYears.join(', '),
    degrees: rules.degrees.join(', '),
    schools: [...rules.schools],
  };
}

/** The job form as typed: numbers as text, skills comma-separated; the domain's jobFormSchema turns it into JobFields. */
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
  /** The placement policy tier the job is marked with ('' : the tier follows from the CTC). */
  tier: string;
  location: string;
  resultDeclaration: string;
  dateOfJoining: string;
  reference: string;
  jobDescription: string;
  additionalInfo: string;
  /** Comma-separated; trimmed and de-duplicated on the way out (parseSkills). */
  skills: string;
  category: string[];
  eligibilityRules: EligibilityRuleValues;
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
  tier: '',
  location: '',
  resultDeclaration: RESULT_DECLARATIONS[0],
  dateOfJoining: '',
  reference: REFERENCES[0],
  jobDescription: '',
  additionalInfo: '',
  skills: '',
  category: [],
  eligibilityRules: eligibilityRuleValuesOf(null),
});

/** A stored job, however partial, as form values (the edit form starts from it). */
export type StoredJob = { [K in keyof JobFields]?: JobFields[K] | null };

const textOf = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

/** A date input holds 'YYYY-MM-DD'; a stored date-time keeps its calendar day. */
const dateInputOf = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');

export function jobFormValuesOf(job: StoredJob): JobFormValues {
  const empty = emptyJobForm();
  return {
    companyName: textOf(job.companyName),
    companyLogo: textOf(job.companyLogo),
    website: textOf(job.website),
    officeAddress: textOf(job.officeAddress),
    yearOfEstablishment: textOf(job.yearOfEstablishment),
    contactPersonName: textOf(job.contactPersonName),
    contactNumber: textOf(job.contactNumber),
    email: textOf(job.email),
    profiles: textOf(job.profiles),
    eligibility: textOf(job.eligibility),
    vacancies: textOf(job.vacancies) || empty.vacancies,
    offerType: [...(job.offerType ?? [])],
    ctcOrStipend: textOf(job.ctcOrStipend),
    tier: textOf(job.tier),
    location: textOf(job.location),
    resultDeclaration: textOf(job.resultDeclaration) || empty.resultDeclaration,
    dateOfJoining: dateInputOf(job.dateOfJoining),
    reference: textOf(job.reference) || empty.reference,
    jobDescription: textOf(job.jobDescription),
    additionalInfo: textOf(job.additionalInfo),
    skills: (job.skills ?? []).join(', '),
    category: [...(job.category ?? [])],
    eligibilityRules: eligibilityRuleValuesOf(job.eligibilityRules),
  };
}
