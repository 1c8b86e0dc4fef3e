import { z } from 'zod';
import { email, oneOf, requiredText } from '../schemas-shared/fields';
import { MESSAGES } from './form-messages';
import { newPassword, type CommonPasswords } from './password';

/**
 * An admin or staff account made outside the admin panel: by `npm run admin -- create` or, for the
 * first admin of a deployment, from BOOTSTRAP_ADMIN_EMAIL at start. The password follows the policy
 * of every new password (12 to 128 characters, not a common one).
 */

export const STAFF_ROLES = ['admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ACCOUNT_MESSAGES = {
  roleInvalid: 'Role must be admin or staff.',
} as const;

export const staffAccountSchema = (commonPasswords: CommonPasswords) =>
  z.object({
    email: email(MESSAGES.emailRequired, MESSAGES.invalidEmail),
    fullName: requiredText(MESSAGES.fullNameRequired),
    role: oneOf(STAFF_ROLES, STAFF_ACCOUNT_MESSAGES.roleInvalid).default('admin'),
    password: newPassword(commonPasswords),
  });
export type StaffAccountInput = z.input<ReturnType<typeof staffAccountSchema>>;
export type StaffAccount = z.output<ReturnType<typeof staffAccountSchema>>;
