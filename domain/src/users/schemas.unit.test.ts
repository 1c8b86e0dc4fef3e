import type { z } from 'zod';
import { MESSAGES } from './form-messages';
import { fieldProblems } from '../schemas-shared';
import { changeRoleSchema, changeStatusSchema, editUserSchema, newUserSchema } from './schemas';

const problemsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : fieldProblems(result.error);
};

const createUserSchema = newUserSchema(new Set(['password', 'letmein']));
const newStaff = { fullName: 'Ravi Menon', email: 'ravi@university.edu', password: 'long enough, surely', role: 'staff', status: 'active' };
const editedStudent = { fullName: 'Asha Rao', email: 'asha@university.edu', mobileNo: '9876543210', role: 'student', status: 'inactive', rollNo: 'CS21-042' };

describe('createUserSchema', () => {
  it('makes a new user an active student unless told otherwise', () => {
    expect(createUserSchema.parse({ fullName: 'Asha', email: 'ASHA@x.edu', password: 'long enough, surely', rollNo: 'R1' })).toEqual({
      fullName: 'Asha',
      email: 'asha@x.edu',
      password: 'long enough, surely',
      mobileNo: null,
      rollNo: 'R1',
      role: 'student',
      status: 'active',
    });
  });

  it('keeps no roll number for staff and admins, and no blank mobile number', () => {
    expect(createUserSchema.parse({ ...newStaff, mobileNo: '  ', rollNo: '' })).toMatchObject({ mobileNo: null, rollNo: null });
  });

  it.each([
    [{ fullName: '' }, 'fullName', MESSAGES.fullNameRequired],
    [{ email: undefined }, 'email', MESSAGES.emailRequired],
    [{ email: 'ravi@' }, 'email', MESSAGES.invalidEmail],
    [{ password: undefined }, 'password', MESSAGES.passwordRequired],
    [{ password: 'short' }, 'password', MESSAGES.passwordTooShort],
    [{ password: 'elevenchars' }, 'password', MESSAGES.passwordTooShort],
    [{ password: 'Password1234!' }, 'password', MESSAGES.passwordTooCommon],
    [{ role: 'guest' }, 'role', MESSAGES.roleInvalid],
    [{ status: 'banned' }, 'status', MESSAGES.statusInvalid],
    [{ mobileNo: '12345' }, 'mobileNo', MESSAGES.mobileNoDigits],
    [{ role: 'student' }, 'rollNo', MESSAGES.rollNoRequired],
    [{ role: undefined, rollNo: ' ' }, 'rollNo', MESSAGES.rollNoRequired],
  ])('%j → %s: %s', (change, field, message) => {
    expect(problemsOf(createUserSchema, { ...newStaff, ...change })).toEqual([{ field, message }]);
  });

  it('reports a missing roll number together with the other problems', () => {
    expect(problemsOf(createUserSchema, { role: 'student' }).map((problem) => problem.field)).toEqual(['fullName', 'email', 'password', 'rollNo']);
  });
});

describe('editUserSchema', () => {
  it('accepts the edit form without a password', () => {
    expect(editUserSchema.parse(editedStudent)).toEqual(editedStudent);
  });

  it.each([
    [{ fullName: undefined }, 'fullName', MESSAGES.fullNameRequired],
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ email: 'asha' }, 'email', MESSAGES.invalidEmail],
    [{ mobileNo: '98765432101' }, 'mobileNo', MESSAGES.mobileNoDigits],
    [{ role: undefined }, 'role', MESSAGES.roleInvalid],
    [{ status: undefined }, 'status', MESSAGES.statusInvalid],
    [{ rollNo: '' }, 'rollNo', MESSAGES.rollNoRequired],
  ])('%j → %s: %s', (change, field, message) => {
    expect(problemsOf(editUserSchema, { ...editedStudent, ...change })).toEqual([{ field, message }]);
  });
});

describe('role and status changes', () => {
  it('accept the constants', () => {
    expect(changeRoleSchema.parse({ role: 'admin' })).toEqual({ role: 'admin' });
    expect(changeStatusSchema.parse({ status: 'suspended' })).toEqual({ status: 'suspended' });
  });

  it('refuse anything else', () => {
    expect(problemsOf(changeRoleSchema, { role: 'root' })).toEqual([{ field: 'role', message: MESSAGES.roleInvalid }]);
    expect(problemsOf(changeStatusSchema, {})).toEqual([{ field: 'status', message: MESSAGES.statusInvalid }]);
  });
});
