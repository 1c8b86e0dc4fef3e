import { MESSAGES } from './form-messages';

/** Messages of the user aggregate's rejections and of the login check. The spec's own are marked. */
export const USER_MESSAGES = {
  notFound: 'User not found',
  alreadyExists: 'This user already exists.',
  /** Spec (section 5 of the student side). */
  invalidVerificationLink: MESSAGES.invalidVerificationLink,
  verificationLinkUsed: 'This verification link has already been used. Please log in.',
  verificationLinkExpired: 'This verification link has expired. Please request a new one.',
  noAccountForEmail: 'No account found with this email address.',
  alreadyVerified: 'This email is already verified. Please log in.',
  notAStudent: 'Only students have a student profile.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotChangeOwnStatus: 'You cannot change your own status.',
  emailTaken: 'An account with this email already exists.',
  emailOwnedByAnother: 'This email belongs to another account.',
  invalidCredentials: 'Invalid email or password',
  notVerified: 'Please verify your email before logging in.',
  suspended: 'Your account is suspended. Contact the placement office.',
  inactive: 'Your account is inactive. Contact the placement office.',
  // Forgot password and password change (the spec has neither; docs/decisions.md):
  passwordResetLinkInvalid: 'This password reset link is invalid. Please request a new one.',
  passwordResetLinkUsed: 'This password reset link has already been used. Please request a new one if you still need it.',
  passwordResetLinkExpired: 'This password reset link has expired. Please request a new one.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  ownPasswordOnly: 'You can only change your own password.',
  // Second factor (the spec has none; docs/decisions.md):
  secondFactorStaffOnly: 'A second factor is for admin and staff accounts.',
  secondFactorOwnOnly: 'You can only set up your own second factor.',
  secondFactorAlreadyEnrolled: 'Two-step verification is already set up for this account.',
  secondFactorNotStarted: 'Start the set-up of two-step verification first.',
  secondFactorNotEnrolled: 'This account has no two-step verification to reset.',
  secondFactorCannotResetOwn: 'You cannot reset your own two-step verification. Ask another admin.',
  invalidSecondFactorCode: 'The code is not valid. Please try again.',
  secondFactorCodeUsed: 'This code has already been used. Please wait for the next one.',
  invalidRecoveryCode: 'This recovery code is not valid or has already been used.',
} as const;
