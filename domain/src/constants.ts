/** The spec's business constants, shared by every service and the frontend. */

export const ROLES = ['student', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const JOB_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The one canonical set (the admin side's five); students see 'Applied' as 'Pending'. */
export const APPLICATION_STATUSES = ['Applied', 'Under Review', 'Scheduled', 'Accepted', 'Rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const studentFacingStatus = (status: ApplicationStatus): string => (status === 'Applied' ? 'Pending' : status);

export const OFFER_TYPES = ['Full time Employment', 'Internship + PPO', 'Apprenticeship', 'Summer Internship'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export const RESULT_DECLARATIONS = ['Same day', 'Within a week', 'Within a month', 'After a month'] as const;
export type ResultDeclaration = (typeof RESULT_DECLARATIONS)[number];

/** 'Self' plus the centre's four named staff contacts (their names are configuration of the centre). */
export const REFERENCES = ['Self', 'Placement Officer', 'Training Coordinator', 'Industry Relations Lead', 'Faculty Coordinator'] as const;

export const SCHOOLS = ['SOET', 'SOMC', 'SOHS', 'SOLS', 'SOED', 'Other'] as const;
export type School = (typeof SCHOOLS)[number];

export const OFFER_STATUSES = ['Accepted', 'Declined', 'No Selected'] as const;
export const EXPERIENCE_RATINGS = ['Amazing', 'Neutral', 'Bad'] as const;
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;

export const INDUSTRIES = ['software', 'finance', 'marketing', 'design', 'education', 'healthcare', 'engineering', 'data_science'] as const;
export type Industry = (typeof INDUSTRIES)[number];
export const DEFAULT_INDUSTRY: Industry = 'software';

export const EXPERIENCE_SORTS = ['dateDesc', 'dateAsc', 'companyAsc', 'companyDesc'] as const;
export type ExperienceSort = (typeof EXPERIENCE_SORTS)[number];

export const LIMITS = {
  jobsPerPage: 6,
  jobFilterDebounceMs: 400,
  adminJobFilterDebounceMs: 500,
  experiencesPerPage: 5,
  eligibilityPreviewChars: 100,
  applicationFormAutoCloseMs: 2000,
  phoneDigits: 10,
  minVacancies: 1,
  minEstablishmentYear: 1800,
  recipientPreviewCount: 5,
  adminPanelMinWidthPx: 769,
  reviewMessageTimeoutMs: 3000,
  jobCreatedMessageTimeoutMs: 5000,
} as const;

/** ATS score labels by percent, highest threshold first. */
export const ATS_LABELS = [
  { min: 90, label: 'Excellent' },
  { min: 75, label: 'Very Good' },
  { min: 60, label: 'Good' },
  { min: 40, label: 'Needs Improvement' },
  { min: 0, label: 'Poor' },
] as const;

export const atsLabel = (percent: number): string => ATS_LABELS.find((entry) => percent >= entry.min)!.label;

export const STORAGE_KEYS = { token: 'token', role: 'role' } as const;
export const SIGN_IN_PATH = '/auth-Container';
