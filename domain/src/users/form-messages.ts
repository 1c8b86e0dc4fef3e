/**
 * Every validation message of the forms, word for word where the spec gives one.
 * Messages the spec leaves open are ours; they follow the spec's style for the same form
 * (sign-up messages end with a period, profile messages do not).
 */
export const MESSAGES = {
  // Sign-in page (spec student side, section 5)
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  resendEmailRequired: 'Please enter your email address first.',
  invalidEmail: 'Please enter a valid email address.',
  fullNameRequired: 'Full name is required',
  rollNoRequired: 'Roll number is required',
  // The spec gives no password rule beyond 'required' (docs/decisions.md, password policy):
  passwordTooShort: 'Password must be at least 12 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordTooCommon: 'Password is too common or easy to guess. Please choose another.',
  invalidVerificationLink: 'Invalid verification link',
  // Forgot password and password change (not in the spec; docs/decisions.md):
  invalidResetLink: 'This password reset link is invalid. Please request a new one.',
  currentPasswordRequired: 'Current password is required',
  confirmPasswordRequired: 'Please confirm the new password',
  passwordsDoNotMatch: 'Passwords do not match.',

  // Profile (spec student side, section 5)
  mobileNoRequired: 'Mobile number is required',
  mobileNoDigits: 'Mobile number must be 10 digits',
  whatsappNoRequired: 'WhatsApp number is required',
  whatsappNoDigits: 'WhatsApp number must be 10 digits',
  fatherNameRequired: "Father's name is required",
  fatherNumberRequired: "Father's number is required",
  fatherNumberDigits: "Father's number must be 10 digits",
  tenthPercentageRequired: '10th percentage is required',
  tenthPercentageRange: '10th percentage must be a number between 0 and 100',
  tenthPassingYearRequired: '10th passing year is required',
  tenthPassingYearDigits: '10th passing year must be 4 digits',
  twelfthPercentageRequired: '12th percentage is required',
  twelfthPercentageRange: '12th percentage must be a number between 0 and 100',
  twelfthPassingYearRequired: '12th passing year is required',
  twelfthPassingYearDigits: '12th passing year must be 4 digits',
  graduationPassingYearDigits: 'Graduation passing year must be 4 digits',
  mastersPassingYearDigits: 'Masters passing year must be 4 digits',
  schoolRequired: 'Please select a school',
  existingBacklogsRequired: 'Existing backlogs is required',
  existingBacklogsWholeNumber: 'Existing backlogs must be a whole number, 0 or more',
  areaOfInterestRequired: 'Area of interest is required',
  skillsRequired: 'Please add at least one skill',
  skillNameRequired: 'Each skill needs a name',
  skillIdRequired: 'Each skill needs an id',
  certificationNameRequired: 'Each certification needs a name',
  organizationNameRequired: 'Organization name is required',
  durationRequired: 'Duration is required',
  detailsRequired: 'Details are required',
  mailIdInvalid: 'Please enter a valid email address.',

  // Admin user forms (spec admin side, section 5)
  roleInvalid: 'Please select a role',
  statusInvalid: 'Please select a status',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** 'Email must belong to {domains joined with or}.' */
export const emailDomainMessage = (allowedDomains: readonly string[]): string =>
  `Email must belong to ${allowedDomains.join(' or ')}.`;
