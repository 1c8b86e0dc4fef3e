import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
  withPasswordConfirmation,
} from './auth';
import { MESSAGES, emailDomainMessage } from './form-messages';
import { fieldProblems } from '../schemas-shared';
import type { z } from 'zod';

const problemsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : fieldProblems(result.error);
};

const ALLOWED = ['university.edu', 'gmail.com'];
const register = registerSchema(ALLOWED, new Set(['password', 'letmein', 'dragon']));
const validRegistration = { fullName: 'Asha Rao', rollNo: 'CS21-042', email: 'asha@university.edu', password: 'correct horse battery' };

describe('loginSchema', () => {
  it('accepts an e-mail and a password, lower-casing the e-mail', () => {
    expect(loginSchema.parse({ email: ' Asha@University.edu ', password: ' secret ' })).toEqual({ email: 'asha@university.edu', password: ' secret ' });
  });

  it.each([
    [{ password: 'x' }, 'email', MESSAGES.emailRequired],
    [{ email: '  ', password: 'x' }, 'email', MESSAGES.emailRequired],
    [{ email: 'a@b.co' }, 'password', MESSAGES.passwordRequired],
    [{ email: 'a@b.co', password: '' }, 'password', MESSAGES.passwordRequired],
  ])('%j → %s: %s', (input, field, message) => {
    expect(problemsOf(loginSchema, input)).toEqual([{ field, message }]);
  });
});

describe('resendVerificationSchema', () => {
  it.each([
    [{}, MESSAGES.resendEmailRequired],
    [{ email: '' }, MESSAGES.resendEmailRequired],
    [{ email: 'not-an-email' }, MESSAGES.invalidEmail],
  ])('%j → %s', (input, message) => {
    expect(problemsOf(resendVerificationSchema, input)).toEqual([{ field: 'email', message }]);
  });

  it('says "Please enter your email address first." word for word', () => {
    expect(MESSAGES.resendEmailRequired).toBe('Please enter your email address first.');
  });
});

describe('registerSchema', () => {
  it('accepts a complete sign-up from an allowed domain, whatever the case', () => {
    expect(register.parse({ ...validRegistration, email: 'Asha@GMAIL.com' })).toEqual({ ...validRegistration, email: 'asha@gmail.com' });
  });

  it.each([
    [{ fullName: undefined }, 'fullName', MESSAGES.fullNameRequired],
    [{ fullName: '   ' }, 'fullName', MESSAGES.fullNameRequired],
    [{ rollNo: '' }, 'rollNo', MESSAGES.rollNoRequired],
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ email: 'asha@' }, 'email', MESSAGES.invalidEmail],
    [{ email: 'asha university.edu' }, 'email', MESSAGES.invalidEmail],
    [{ email: 'asha@yahoo.com' }, 'email', 'Email must belong to university.edu or gmail.com.'],
    [{ email: 'asha@cs.university.edu' }, 'email', 'Email must belong to university.edu or gmail.com.'],
    [{ password: undefined }, 'password', MESSAGES.passwordRequired],
    [{ password: '' }, 'password', MESSAGES.passwordRequired],
    [{ password: '1234567' }, 'password', MESSAGES.passwordTooShort],
    [{ password: 'password' }, 'password', MESSAGES.passwordTooShort],
    [{ password: '        ' }, 'password', MESSAGES.passwordTooShort],
    [{ password: 'elevenchars' }, 'password', MESSAGES.passwordTooShort],
    [{ password: 'x'.repeat(129) }, 'password', MESSAGES.passwordTooLong],
    [{ password: ' '.repeat(12) }, 'password', MESSAGES.passwordTooCommon],
    [{ password: 'LetMeIn12345' }, 'password', MESSAGES.passwordTooCommon],
  ])('%j → %s: %s', (change, field, message) => {
    expect(problemsOf(register, { ...validRegistration, ...change })).toEqual([{ field, message }]);
  });

  it('keeps the spec\'s wording of the e-mail messages', () => {
    expect(MESSAGES.invalidEmail).toBe('Please enter a valid email address.');
    expect(emailDomainMessage(ALLOWED)).toBe('Email must belong to university.edu or gmail.com.');
  });
});

describe('verifyEmailSchema', () => {
  it('accepts a token', () => {
    expect(verifyEmailSchema.parse({ token: 'abc' })).toEqual({ token: 'abc' });
  });

  it.each([[{}], [{ token: '' }], [{ token: null }]])('%j → Invalid verification link', (input) => {
    expect(problemsOf(verifyEmailSchema, input)).toEqual([{ field: 'token', message: 'Invalid verification link' }]);
  });
});

describe('the forgot-password, reset and change-password schemas', () => {
  const common = new Set(['password', 'letmein']);

  it('needs a valid address to send a reset link to', () => {
    expect(forgotPasswordSchema.parse({ email: ' Asha@University.edu ' })).toEqual({ email: 'asha@university.edu' });
    expect(problemsOf(forgotPasswordSchema, { email: '' })).toEqual([{ field: 'email', message: MESSAGES.emailRequired }]);
    expect(problemsOf(forgotPasswordSchema, { email: 'asha' })).toEqual([{ field: 'email', message: MESSAGES.invalidEmail }]);
  });

  it('applies the password policy to the reset password and to the new password of a change', () => {
    expect(problemsOf(resetPasswordSchema(common), { token: 't', password: 'short' })).toEqual([{ field: 'password', message: MESSAGES.passwordTooShort }]);
    expect(problemsOf(resetPasswordSchema(common), { token: 't', password: 'LetMeIn12345' })).toEqual([{ field: 'password', message: MESSAGES.passwordTooCommon }]);
    expect(problemsOf(resetPasswordSchema(common), { password: 'correct horse battery' })).toEqual([{ field: 'token', message: MESSAGES.invalidResetLink }]);
    expect(problemsOf(changePasswordSchema(common), { currentPassword: '', newPassword: 'password1234' })).toEqual([
      { field: 'currentPassword', message: MESSAGES.currentPasswordRequired },
      { field: 'newPassword', message: MESSAGES.passwordTooCommon },
    ]);
    expect(changePasswordSchema(common).parse({ currentPassword: 'x', newPassword: ' correct horse battery ' })).toEqual({ currentPassword: 'x', newPassword: ' correct horse battery ' });
  });

  it("the forms' confirmation must repeat the new password", () => {
    const form = withPasswordConfirmation(changePasswordSchema(), 'newPassword');
    const values = { currentPassword: 'old one', newPassword: 'correct horse battery' };
    expect(problemsOf(form, { ...values, confirmPassword: 'correct horse battery' })).toEqual([]);
    expect(problemsOf(form, { ...values, confirmPassword: 'correct horse batter' })).toEqual([{ field: 'confirmPassword', message: MESSAGES.passwordsDoNotMatch }]);
    expect(problemsOf(withPasswordConfirmation(resetPasswordSchema(), 'password'), { token: 't', password: 'correct horse battery', confirmPassword: '' })).toEqual([
      { field: 'confirmPassword', message: MESSAGES.confirmPasswordRequired },
    ]);
  });
});
