import { z } from 'zod';
import { MESSAGES } from './form-messages';

/**
 * The password policy of every new password (sign-up, an admin creating an account, any later
 * change): 12 to 128 characters, never trimmed, and not one of the commonly used passwords.
 * The list of common passwords is data from a package that the edge loads and hands in
 * (`commonPasswords()` in platform); the rule is here, pure, so the browser checks what it can
 * without downloading the list and the server checks all of it.
 */

export const PASSWORD_MIN_LENGTH = 12;
/** Bounds the work one request can make the password hasher do. */
export const PASSWORD_MAX_LENGTH = 128;

/** Lower-cased common passwords. */
export type CommonPasswords = ReadonlySet<string>;

/** For the browser, which does not load the list: the server's answer names the field when it refuses one. */
export const NO_COMMON_PASSWORD_LIST: CommonPasswords = new Set();

/** Digits, punctuation and spaces that people put around a word to pass a length rule. */
const PADDING = /^[^\p{L}]+|[^\p{L}]+$/gu;

/** The shortest unit that the whole password repeats ('abcabcabcabc' → 'abc'), or the password itself. */
function repeatedUnit(password: string): string {
  for (let size = 1; size <= password.length / 2; size += 1) {
    if (password.length % size === 0 && password.slice(0, size).repeat(password.length / size) === password) return password.slice(0, size);
  }
  return password;
}

/**
 * Whether a password is too easy to guess: one character or a short unit repeated, or (in any letter
 * case) a listed password, a listed password with digits or symbols around it ('Password1234!'), or
 * a listed password repeated ('dragondragon').
 */
export function isCommonPassword(password: string, common: CommonPasswords): boolean {
  const lower = password.toLowerCase();
  const unit = repeatedUnit(lower);
  if (unit.length < lower.length && unit.length <= 3) return true;
  const core = lower.replace(PADDING, '');
  return [lower, unit, core].some((candidate) => candidate.length > 0 && common.has(candidate));
}

/** A new password: the field is named in every message. */
export const newPassword = (common: CommonPasswords) =>
  z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true })
    .refine((password) => !isCommonPassword(password, common), { error: MESSAGES.passwordTooCommon });
