import type { Role, UserState, UserStatus } from '@placement/domain';

/** The user aggregate's replies: the words of sign-up and sign-in, the second factor, user management and the profile, and the account as a session shows it. */

export const AUTH_MESSAGES = {
  registered: 'Registration successful. Please check your email to verify your account.',
  verificationSent: 'Verification email sent. Please check your inbox.',
  verified: 'Email verified successfully.',
  // Not in the spec (docs/decisions.md, forgot password):
  resetRequested: 'If an account exists for this email, we have sent a link to reset its password. Please check your inbox.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  passwordChanged: 'Your password has been changed.',
} as const;

/** Texts of the second factor (the spec has none; docs/decisions.md, second factor). */
export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  enrolmentRequired: 'Two-step verification is required for admin and staff accounts. Set it up to continue.',
  challengeInvalid: 'Your sign-in has expired. Please sign in again.',
  tooManyAttempts: 'Too many wrong codes. Please wait a few minutes and try again.',
  enrolled: 'Two-step verification is on. Keep your recovery codes somewhere safe: each works once.',
  reset: 'Two-step verification was reset. The user will set it up again at the next sign-in.',
  requirementOn: 'Two-step verification is now required for every admin and staff account.',
  requirementOff: 'Two-step verification is no longer required.',
} as const;

export const USER_REPLIES = {
  // Not worded by the spec (its screens show their own texts):
  created: 'User created successfully.',
  updated: 'User updated successfully.',
  deleted: 'User deleted successfully.',
  roleChanged: (role: Role) => `Role changed to ${role}.`,
  statusChanged: (status: UserStatus) => `Status changed to ${status}.`,
  noSelection: 'Please select at least one user.',
} as const;

export const PROFILE_REPLIES = {
  // The spec's words (student side, section 8):
  updated: 'Profile updated successfully!',
  // The spec's rule (student side, section 5), worded by us:
  resumeType: 'Resume must be a PDF',
  certificationImageType: 'Certification image must be an image file',
  // Not worded by the spec:
  profilePhotoType: 'Profile photo must be an image file',
  notJson: (field: string) => `${field} must be valid JSON`,
  unexpectedFile: (field: string) => `Unexpected file field ${field}`,
  oneFilePerField: (field: string) => `Send one file as ${field}`,
  foreignImage: 'Certification image not found',
} as const;

/** What the client learns about the signed-in account. */
export const sessionUser = (user: UserState) => ({
  _id: user.userId,
  id: user.userId,
  fullName: user.fullName,
  email: user.email,
  role: user.role,
  status: user.status,
  rollNo: user.rollNo,
  mobileNo: user.mobileNo,
});

/** The claims a session token carries for the account. */
export const sessionOf = (user: UserState) => ({ id: user.userId!, role: user.role, sessionVersion: user.sessionVersion });
