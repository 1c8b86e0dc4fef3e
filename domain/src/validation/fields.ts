import { z } from 'zod';
import { safeText } from '../schemas-shared/text';

/**
 * Field builders shared by the form schemas. Each check aborts on failure so that a field
 * reports one message, the first rule it breaks, as the forms show it.
 */

const TEN_DIGITS = /^\d{10}$/;
const FOUR_DIGITS = /^\d{4}$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const WHOLE = /^-?\d+$/;

const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Form inputs and multipart fields arrive as text; JSON bodies as numbers. Both are accepted. */
const numberFromText = (pattern: RegExp) => (value: unknown): unknown => {
  if (isBlank(value)) return undefined;
  if (typeof value === 'string' && pattern.test(value.trim())) return Number(value.trim());
  return value;
};

const textFromNumber = (value: unknown): unknown => (typeof value === 'number' ? String(value) : value);

export const requiredText = (required: string) => safeText({ error: required }).trim().min(1, { error: required });

/** Blank, missing or null become ''. */
export const optionalText = () => z.preprocess((value) => value ?? '', safeText().trim());

export const email = (required: string, invalid: string) =>
  safeText({ error: required })
    .trim()
    .toLowerCase()
    .min(1, { error: required, abort: true })
    .regex(z.regexes.email, { error: invalid, abort: true });

/** Blank, missing or null become null. */
export const optionalEmail = (invalid: string) =>
  z.preprocess((value) => (isBlank(value) ? null : value), safeText().trim().toLowerCase().regex(z.regexes.email, { error: invalid }).nullable());

export const tenDigitNumber = (required: string, wrongLength: string) =>
  safeText({ error: required }).trim().min(1, { error: required, abort: true }).regex(TEN_DIGITS, { error: wrongLength });

/** Blank, missing or null become null. */
export const optionalTenDigitNumber = (wrongLength: string) =>
  z.preprocess((value) => (isBlank(value) ? null : value), safeText({ error: wrongLength }).trim().regex(TEN_DIGITS, { error: wrongLength }).nullable());

export const numberBetween = (min: number, max: number, required: string, outOfRange: string) =>
  z.preprocess(
    numberFromText(DECIMAL),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : outOfRange) })
      .min(min, { error: outOfRange })
      .max(max, { error: outOfRange }),
  );

export const wholeNumberAtLeastZero = (required: string, invalid: string) =>
  z.preprocess(
    numberFromText(WHOLE),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int({ error: invalid })
      .min(0, { error: invalid }),
  );

export const fourDigitYear = (required: string, invalid: string) =>
  z.preprocess(textFromNumber, safeText({ error: required }).trim().min(1, { error: required, abort: true }).regex(FOUR_DIGITS, { error: invalid }));

/** Blank is allowed and kept as ''. */
export const optionalFourDigitYear = (invalid: string) =>
  z.preprocess(
    (value) => textFromNumber(value ?? ''),
    safeText({ error: invalid })
      .trim()
      .refine((year) => year === '' || FOUR_DIGITS.test(year), { error: invalid }),
  );

/** Multipart forms send booleans as 'true'/'false'; missing means false. */
export const flag = () =>
  z.preprocess((value) => {
    if (value === 'true') return true;
    if (value === 'false' || value === undefined || value === null) return false;
    return value;
  }, z.boolean());

export const oneOf = <const Values extends readonly [string, ...string[]]>(values: Values, invalid: string) => z.enum(values, { error: invalid });
