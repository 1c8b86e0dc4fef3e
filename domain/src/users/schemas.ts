import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../constants';
import { NO_COMMON_PASSWORD_LIST, newPassword, type CommonPasswords } from './password';
import { email, oneOf, optionalTenDigitNumber, requiredText } from '../schemas-shared/fields';
import { MESSAGES } from './form-messages';
import { safeText } from '../schemas-shared/text';

/** The admin's user forms (spec admin side, section 5). */

export const roleSchema = oneOf(ROLES, MESSAGES.roleInvalid);
export const userStatusSchema = oneOf(USER_STATUSES, MESSAGES.statusInvalid);

const details = {
  fullName: requiredText(MESSAGES.fullNameRequired),
  email: email(MESSAGES.emailRequired, MESSAGES.invalidEmail),
  mobileNo: optionalTenDigitNumber(MESSAGES.mobileNoDigits),
  rollNo: z.preprocess((value) => value ?? '', safeText().trim()),
};

/**
 * rollNo is asked for, and required, only for students. zod skips an object's refinements when a
 * field fails unless `when` says otherwise; we run it always so the form shows every problem at once,
 * which means reading the fields defensively (they may still be raw input).
 */
const studentWithoutRollNo = (user: unknown, defaultRole: string | undefined): boolean => {
  if (typeof user !== 'object' || user === null) return false;
  const { role = defaultRole, rollNo } = user as { role?: unknown; rollNo?: unknown };
  return role === 'student' && (typeof rollNo !== 'string' || rollNo.trim() === '');
};
const requireRollNoForStudents = <Schema extends z.ZodType>(schema: Schema, defaultRole?: string) =>
  schema.refine((user) => !studentWithoutRollNo(user, defaultRole), { path: ['rollNo'], error: MESSAGES.rollNoRequired, when: () => true });
const rollNoOrNull = <User extends { rollNo: string }>(user: User) => ({ ...user, rollNo: user.rollNo === '' ? null : user.rollNo });

/**
 * A new user is a student and active unless the form says otherwise (spec admin side, section 9).
 * The password follows the same policy as a sign-up's: the server parses with `newUserSchema(the
 * common passwords)`; `createUserSchema` checks what needs no list (a form in the browser).
 */
export const newUserSchema = (commonPasswords: CommonPasswords) =>
  requireRollNoForStudents(
    z.object({
      ...details,
      password: newPassword(commonPasswords),
      role: roleSchema.default('student'),
      status: userStatusSchema.default('active'),
    }),
    'student',
  ).transform(rollNoOrNull);
export const createUserSchema = newUserSchema(NO_COMMON_PASSWORD_LIST);
export type CreateUserInput = z.output<typeof createUserSchema>;

/** The edit form sends every field; a missing role or status is an error, never a silent default. */
export const editUserSchema = requireRollNoForStudents(
  z.object({
    ...details,
    role: roleSchema,
    status: userStatusSchema,
  }),
).transform(rollNoOrNull);
export type EditUserInput = z.output<typeof editUserSchema>;

export const changeRoleSchema = z.object({ role: roleSchema });
export type ChangeRoleInput = z.output<typeof changeRoleSchema>;

export const changeStatusSchema = z.object({ status: userStatusSchema });
export type ChangeStatusInput = z.output<typeof changeStatusSchema>;
