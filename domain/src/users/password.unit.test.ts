import type { z } from 'zod';
import { fieldProblems } from '../schemas-shared';
import { MESSAGES } from './form-messages';
import { NO_COMMON_PASSWORD_LIST, PASSWORD_MIN_LENGTH, isCommonPassword, newPassword } from './password';

const COMMON = new Set(['password', 'dragon', 'qwertyuiop', 'p@ssw0rd', 'iloveyou']);

const problemsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : fieldProblems(result.error);
};

describe('isCommonPassword', () => {
  it.each([
    ['password', 'listed'],
    ['PASSWORD', 'listed, in another letter case'],
    ['Password1234!', 'listed, with digits and symbols around it'],
    ['2024-Dragon-!!', 'listed, with padding on both sides'],
    ['P@ssw0rd2024', 'a listed spelling with digits after it'],
    ['dragondragon', 'listed, repeated'],
    ['            ', 'one character repeated'],
    ['aaaaaaaaaaaa', 'one character repeated'],
    ['abcabcabcabc', 'a short unit repeated'],
    ['121212121212', 'a short unit repeated'],
  ])('%j is common (%s)', (password) => {
    expect(isCommonPassword(password, COMMON)).toBe(true);
  });

  it.each([['correct horse battery'], ['dragon fruit salad'], ['my password is long'], ['Tr0ub4dor&3x!'], ['abcdabcdabcd']])('%j is not', (password) => {
    expect(isCommonPassword(password, COMMON)).toBe(false);
  });

  it('without a list still refuses a repeated character', () => {
    expect(isCommonPassword(' '.repeat(12), NO_COMMON_PASSWORD_LIST)).toBe(true);
    expect(isCommonPassword('Password1234!', NO_COMMON_PASSWORD_LIST)).toBe(false);
  });
});

describe('newPassword', () => {
  const schema = newPassword(COMMON);

  it('needs 12 characters, never trimmed', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(schema.parse(' quiet river ')).toBe(' quiet river ');
  });

  it.each([
    [undefined, MESSAGES.passwordRequired],
    ['', MESSAGES.passwordRequired],
    ['password', MESSAGES.passwordTooShort],
    [' '.repeat(8), MESSAGES.passwordTooShort],
    ['quiet river', MESSAGES.passwordTooShort],
    ['x'.repeat(129), MESSAGES.passwordTooLong],
    ['Password1234!', MESSAGES.passwordTooCommon],
    [' '.repeat(12), MESSAGES.passwordTooCommon],
  ])('%j → %s', (password, message) => {
    expect(problemsOf(schema, password)).toEqual([{ field: '', message }]);
  });

  it('names the field in every message', () => {
    for (const message of [MESSAGES.passwordRequired, MESSAGES.passwordTooShort, MESSAGES.passwordTooLong, MESSAGES.passwordTooCommon]) expect(message).toMatch(/^Password /);
  });
});
