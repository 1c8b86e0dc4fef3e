import { registerSchema } from '../users/auth';
import { studentProfileSchema } from '../users/profile';
import { createUserSchema } from '../users/schemas';
import { trainingFormSchema } from '../trainings/schemas';
import { templateFormSchema } from '../email/schemas';
import { bulkApplicationStatusSchema } from '../applications/schemas';
import { fieldProblems } from './problems';
import { isSafeText, unsafeTextPath, UNSAFE_TEXT_MESSAGE } from './text';
import type { z } from 'zod';

const NUL = '\u0000';
const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDE00';

describe('isSafeText', () => {
  it.each([['plain'], [''], ['emoji 😀 and ünïcödé'], ['tab\tand\nnewline'], ['\uFFFD']])('accepts %j', (value) => {
    expect(isSafeText(value)).toBe(true);
  });

  it.each([[`a${NUL}b`], [NUL], [`x${LONE_HIGH}`], [`${LONE_HIGH}x`], [`${LONE_LOW}x`], [`😀${LONE_LOW}`], [`${LONE_LOW}${LONE_HIGH}`]])('refuses %j', (value) => {
    expect(isSafeText(value)).toBe(false);
  });

  it('answers the same when called again (no regex state between calls)', () => {
    expect([isSafeText(NUL), isSafeText(NUL), isSafeText('ok'), isSafeText(NUL)]).toEqual([false, false, true, false]);
  });
});

describe('unsafeTextPath', () => {
  it('names the first bad string by its dotted path', () => {
    expect(unsafeTextPath({ a: 'ok', rounds: [{ name: 'fine' }, { name: `bad${NUL}` }] })).toBe('rounds.1.name');
    expect(unsafeTextPath(['ok', LONE_HIGH])).toBe('1');
    expect(unsafeTextPath(`x${NUL}`)).toBe('(body)');
    expect(unsafeTextPath({ id: LONE_LOW }, 'params')).toBe('params.id');
  });

  it('names a bad key readably', () => {
    expect(unsafeTextPath({ [`k${NUL}`]: 'v' })).toBe('k\uFFFD');
  });

  it('passes clean values, numbers, booleans and null', () => {
    expect(unsafeTextPath({ a: 1, b: true, c: null, d: ['x', { e: 'ü😀' }] })).toBeUndefined();
  });
});

const problemsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : fieldProblems(result.error);
};

describe('every text field refuses NUL and lone surrogates, naming the field', () => {
  const registration = { fullName: 'Asha Rao', rollNo: 'CS21-042', email: 'asha@university.edu', password: 'correct horse' };
  const training = {
    title: 'Aptitude Bootcamp',
    description: 'Quantitative aptitude.',
    date: '2025-04-02T10:30:00+05:30',
    duration: '3 hours',
    mode: 'Online',
    registrationLink: 'https://forms.example/aptitude',
  };

  it.each([
    ['fullName', NUL],
    ['fullName', `Asha${LONE_HIGH}`],
    ['rollNo', `CS${NUL}21`],
    ['email', `asha${NUL}@university.edu`],
  ])('sign-up %s = %j', (field, value) => {
    expect(problemsOf(registerSchema(['university.edu']), { ...registration, [field]: value })).toContainEqual({ field, message: UNSAFE_TEXT_MESSAGE });
  });

  it('the admin user form (validation builders) and the profile form', () => {
    expect(problemsOf(createUserSchema, { ...registration, role: 'student', status: 'active', rollNo: LONE_LOW })).toContainEqual({
      field: 'rollNo',
      message: UNSAFE_TEXT_MESSAGE,
    });
    expect(problemsOf(studentProfileSchema, { fatherName: `A${NUL}` })).toContainEqual({ field: 'fatherName', message: UNSAFE_TEXT_MESSAGE });
  });

  it.each([
    ['title', `Boot${NUL}camp`],
    ['description', LONE_LOW],
    ['registrationLink', `https://forms.example/${NUL}`],
  ])('training (schemas-shared builders) %s = %j', (field, value) => {
    expect(problemsOf(trainingFormSchema, { ...training, [field]: value })).toContainEqual({ field, message: UNSAFE_TEXT_MESSAGE });
  });

  it('bulk e-mail content and a list of ids', () => {
    expect(problemsOf(templateFormSchema, { name: 'T', subject: 'S', content: `<p>x${NUL}</p>` })).toContainEqual({
      field: 'content',
      message: UNSAFE_TEXT_MESSAGE,
    });
    expect(problemsOf(bulkApplicationStatusSchema, { status: 'Accepted', applicationIds: ['a', LONE_HIGH] })).toContainEqual({
      field: 'applicationIds.1',
      message: UNSAFE_TEXT_MESSAGE,
    });
  });
});

describe('unsafeTextPath on hostile shapes', () => {
  it('walks any nesting depth without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"x\\u0000"${']'.repeat(100_000)}`) as unknown;
    expect(unsafeTextPath(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });

  it('skips binary buffers', () => {
    expect(unsafeTextPath({ file: Buffer.from([0, 0xd8, 0]) })).toBeUndefined();
  });
});
