import { z } from 'zod';
import { email, requiredText } from '../schemas-shared/fields';
import { MESSAGES, emailDomainMessage } from './form-messages';
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

// ---------------------------------------------------------------- forgot password, password change

/** 'Forgot password?': the address to send a reset link to (the reply is the same whether or not it has an account). */
export const forgotPasswordSchema = z.object({
  email: email(MESSAGES.emailRequired, MESSAGES.invalidEmail),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The page a reset link opens: the link's token and the new password, under the policy of every new password. */
export const resetPasswordSchema = (commonPasswords: CommonPasswords = NO_COMMON_PASSWORD_LIST) =>
  z.object({
    token: requiredText(MESSAGES.invalidResetLink),
    password: newPassword(commonPasswords),
  });
export type ResetPasswordInput = z.infer<ReturnType<typeof resetPasswordSchema>>;

/** A signed-in user's new password: the current one proves it is the owner at the keyboard. */
export const changePasswordSchema = (commonPasswords: CommonPasswords = NO_COMMON_PASSWORD_LIST) =>
  z.object({
    currentPassword: z.string({ error: MESSAGES.currentPasswordRequired }).min(1, { error: MESSAGES.currentPasswordRequired }),
    newPassword: newPassword(commonPasswords),
  });
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordSchema>>;

/**
 * A form's new password typed twice: the browser's forms add `confirmPassword` to a schema whose new
 * password is `field`; the server takes the password once.
 */
export const withPasswordConfirmation = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>, field: keyof Shape & string) =>
  schema.extend({ confirmPassword: z.string({ error: MESSAGES.confirmPasswordRequired }).min(1, { error: MESSAGES.confirmPasswordRequired }) }).refine(
    (values) => {
      const typed = values as Record<string, unknown>;
      // An empty confirmation has its own message.
      return typed.confirmPassword === '' || typed[field] === typed.confirmPassword;
    },
    { error: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] },
  );
