import { MESSAGES } from './form-messages';
import { STAFF_ACCOUNT_MESSAGES, staffAccountSchema } from './staff-account';

const schema = staffAccountSchema(new Set(['password', 'letmein']));
const problems = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};
const valid = { email: ' Admin@University.edu ', fullName: ' Asha Rao ', password: 'twelve chars' };

describe('staffAccountSchema', () => {
  it('accepts an admin by default, the address in its one spelling, the name trimmed, the password never', () => {
    expect(schema.parse({ ...valid, password: ' twelve chars ' })).toEqual({ email: 'admin@university.edu', fullName: 'Asha Rao', role: 'admin', password: ' twelve chars ' });
    expect(schema.parse({ ...valid, role: 'staff' }).role).toBe('staff');
  });

  it('holds the password to the policy of every new password: 12 to 128 characters, not a common one', () => {
    expect(problems({ ...valid, password: 'eleven char' })).toEqual([['password', MESSAGES.passwordTooShort]]);
    expect(problems({ ...valid, password: 'x'.repeat(129) })).toEqual([['password', MESSAGES.passwordTooLong]]);
    expect(problems({ ...valid, password: 'Password1234' })).toEqual([['password', MESSAGES.passwordTooCommon]]);
    expect(problems({ ...valid, password: '' })).toEqual([['password', MESSAGES.passwordRequired]]);
  });

  it('makes only admin and staff accounts, with a valid address and a name', () => {
    expect(problems({ ...valid, role: 'student' })).toEqual([['role', STAFF_ACCOUNT_MESSAGES.roleInvalid]]);
    expect(problems({ ...valid, email: 'not-an-address', fullName: ' ' })).toEqual([
      ['email', MESSAGES.invalidEmail],
      ['fullName', MESSAGES.fullNameRequired],
    ]);
  });
});
