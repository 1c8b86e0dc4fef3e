import { z } from 'zod';
import { email, requiredText } from './fields';
import { MESSAGES, emailDomainMessage } from './messages';
import { NO_COMMON_PASSWORD_LIST, newPassword, type CommonPasswords } from './password';

export * from './password';

/** Passwords are never trimmed: spaces are part of them. */
const requiredPassword = () => z.string({ error: MESSAGES.passwordRequired }).min(1, { error: MESSAGES.passwordRequired });

export const loginSchema = z.object({
  email: requiredText(MESSAGES.emailRequired).toLowerCase(),
  password: requiredPassword(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const resendVerificationSchema = z.object({
  email: email(MESSAGES.resendEmailRequired, MESSAGES.invalidEmail),
});
export type ResendVerificationInput = z.infer<typeof resendVerificationSchema>;

const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * The allowed domains are configuration (the university's and one public provider). The common
 * passwords come from the edge: the server passes the list, the browser (which does not load it)
 * checks the rules that need none.
 */
export const registerSchema = (allowedDomains: readonly string[], commonPasswords: CommonPasswords = NO_COMMON_PASSWORD_LIST) => {
  const allowed = new Set(allowedDomains.map((domain) => domain.toLowerCase()));
  return z.object({
    fullName: requiredText(MESSAGES.fullNameRequired),
    rollNo: requiredText(MESSAGES.rollNoRequired),
    email: email(MESSAGES.emailRequired, MESSAGES.invalidEmail).refine((address) => allowed.has(domainOf(address)), {
      error: emailDomainMessage(allowedDomains),
    }),
    password: newPassword(commonPasswords),
  });
};
export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;

export const verifyEmailSchema = z.object({
  token: requiredText(MESSAGES.invalidVerificationLink),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
