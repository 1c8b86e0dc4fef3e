import { MESSAGES } from '../validation/messages';

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
} as const;
