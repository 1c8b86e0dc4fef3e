import { z } from 'zod';
import { APPLICATION_STATUSES, LIMITS, type ApplicationStatus } from '../constants';
import { requiredChoice, requiredEmail, requiredText, safeText } from '../schemas-shared';
import { interviewSlotSchema } from './interview';
import { offerTermsSchema } from '../offers/policy';

export const APPLICATION_MESSAGES = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number must be 10 digits',
  resumeRequired: 'Resume is required',
  resumeType: 'Resume must be PDF, DOC, or DOCX',
  bulkStatusRequired: 'Please select a status to apply.',
  bulkSelectionRequired: 'Please select at least one application.',
  noApplicationsToExport: 'No applications to export.',
  noApplicationsMatchStatus: 'No applications match the selected status.',
  alreadyApplied: 'You have already applied for this job.',
  jobNotOpen: 'This job is not open for applications.',
  // Not worded by the spec:
  statusRequired: 'Please select a status',
  statusInvalid: `Status must be one of ${APPLICATION_STATUSES.join(', ')}`,
  notFound: 'Application not found',
  jobNotFound: 'Job not found',
} as const;

const TEN_DIGITS = new RegExp(`^\\d{${LIMITS.phoneDigits}}$`);

/** The applicant's fields of the application form (the resume file is checked by `resumeFileProblem`). */
export const applicationFormSchema = z.object({
  fullName: requiredText(APPLICATION_MESSAGES.fullNameRequired),
  email: requiredEmail({ required: APPLICATION_MESSAGES.emailRequired, invalid: APPLICATION_MESSAGES.emailInvalid }),
  phone: requiredText(APPLICATION_MESSAGES.phoneRequired).regex(TEN_DIGITS, { error: APPLICATION_MESSAGES.phoneInvalid }),
});
export type ApplicationForm = z.output<typeof applicationFormSchema>;

/** The form once the edge has stored the resume: `resumeKey` is its object-storage key. */
export const submittedApplicationSchema = applicationFormSchema.extend({
  resumeKey: requiredText(APPLICATION_MESSAGES.resumeRequired),
});

export const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const RESUME_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** For the file picker's `accept` attribute. */
export const RESUME_ACCEPT = RESUME_EXTENSIONS.join(',');

/** Browsers report an empty or generic type for Word files on some systems, so only a specific wrong type refuses the file. */
const GENERIC_MIME_TYPES = ['', 'application/octet-stream'];

/** The message for a chosen resume file that breaks the rules, or null when it is acceptable. */
export function resumeFileProblem(file: { name: string; type?: string } | null | undefined): string | null {
  if (!file || file.name.trim() === '') return APPLICATION_MESSAGES.resumeRequired;
  const name = file.name.trim().toLowerCase();
  const type = (file.type ?? '').toLowerCase();
  const extensionAllowed = RESUME_EXTENSIONS.some((extension) => name.endsWith(extension));
  const typeAllowed = GENERIC_MIME_TYPES.includes(type) || (RESUME_MIME_TYPES as readonly string[]).includes(type);
  return extensionAllowed && typeAllowed ? null : APPLICATION_MESSAGES.resumeType;
}

const applicationStatus = (requiredMessage: string) =>
  requiredChoice(APPLICATION_STATUSES, { required: requiredMessage, invalid: APPLICATION_MESSAGES.statusInvalid });

/** PUT /api/applications/{id} and the detail modal's status buttons; 'Scheduled' needs `interview` (the decider says so). */
/** Accepted carries its offer (CTC and/or stipend); the decider requires it there (offerFor). */
export const applicationStatusChangeSchema = z.object({ status: applicationStatus(APPLICATION_MESSAGES.statusRequired), interview: interviewSlotSchema.optional(), offer: offerTermsSchema.optional() });

/** The bulk bar of the review screen: one status for the selected applications. */
export const bulkApplicationStatusSchema = z.object({
  status: applicationStatus(APPLICATION_MESSAGES.bulkStatusRequired),
  /** With 'Scheduled': the first slot; each application gets the next one (consecutiveSlots). */
  interview: interviewSlotSchema.optional(),
  applicationIds: z
    .array(safeText(), { error: APPLICATION_MESSAGES.bulkSelectionRequired })
    .min(1, { error: APPLICATION_MESSAGES.bulkSelectionRequired }),
});

export type ExportSelection<Application> = { ok: true; applications: Application[] } | { ok: false; message: string };

/** The export rules: something to export, and something matching the chosen status ('all' keeps every one). */
export function applicationsToExport<Application extends { status: ApplicationStatus }>(
  applications: readonly Application[],
  statusFilter: ApplicationStatus | 'all',
): ExportSelection<Application> {
  if (applications.length === 0) return { ok: false, message: APPLICATION_MESSAGES.noApplicationsToExport };
  const matching = statusFilter === 'all' ? [...applications] : applications.filter((application) => application.status === statusFilter);
  return matching.length === 0 ? { ok: false, message: APPLICATION_MESSAGES.noApplicationsMatchStatus } : { ok: true, applications: matching };
}
