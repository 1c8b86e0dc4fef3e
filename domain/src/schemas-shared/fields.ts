import { z } from 'zod';
import { isSafeText, safeText, UNSAFE_TEXT_MESSAGE } from './text';

/** A string that must be present and non-blank after trimming; every failure gives `message`. */
export const requiredText = (message: string) => safeText({ error: message }).trim().min(1, { error: message });

/** An optional string, trimmed; missing or null becomes ''. */
export const optionalText = () =>
  safeText()
    .trim()
    .nullish()
    .transform((value) => value ?? '');

/** A required e-mail address: `required` when blank, `invalid` when malformed. */
export const requiredEmail = (messages: { required: string; invalid: string }) =>
  safeText({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .pipe(z.email({ error: messages.invalid }));

const blankToUndefined = (value: unknown): unknown => {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  return value;
};

const numericTextToNumber = (value: unknown): unknown => {
  const present = blankToUndefined(value);
  return typeof present === 'string' ? Number(present) : present;
};

/**
 * A number that forms may send as text: blank gives `required`, anything not a number gives `invalid`.
 * Further rules (integer, range) chain on the returned number schema's pipe output.
 */
export const numberInput = (messages: { required: string; invalid: string }, rules: (number: z.ZodNumber) => z.ZodNumber = (n) => n) =>
  z.preprocess(numericTextToNumber, rules(z.number({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) })));

/** A choice among `values`: `required` when nothing is chosen, `invalid` for a value outside the list. */
export const requiredChoice = <const Values extends readonly [string, ...string[]]>(values: Values, messages: { required: string; invalid: string }) =>
  z.preprocess(
    blankToUndefined,
    z.enum(values, { error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) }),
  );

/** An absolute http(s) URL. */
export const httpUrl = (message: string) => z.url({ protocol: /^https?$/, error: message }).refine(isSafeText, { error: UNSAFE_TEXT_MESSAGE, abort: true });

/** A scheme such as 'javascript:' or 'mailto:' (not a host followed by a port: 'acme.com:8080'). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * A website as people type it and as the job details link it: an http(s) URL, or an address
 * without a scheme ('acme.com', 'www.acme.com/careers'), which is opened over https. Any other
 * scheme (javascript:, data:, mailto:, file:) is refused, and so is a host without a dot.
 */
export function isWebsite(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(SCHEME.test(text) ? text : `https://${text}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** A required website (isWebsite): `required` when blank, `invalid` otherwise. */
export const requiredWebsite = (messages: { required: string; invalid: string }) => requiredText(messages.required).refine(isWebsite, { error: messages.invalid });

/** A calendar date 'YYYY-MM-DD', or a full ISO date-time with an offset (date pickers send either). */
export const isoDateOrDateTime = (messages: { required: string; invalid: string }) =>
  requiredText(messages.required).refine(isIsoDateOrDateTime, { error: messages.invalid });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function isIsoDateOrDateTime(value: string): boolean {
  return (ISO_DATE.test(value) || ISO_DATE_TIME_WITH_OFFSET.test(value)) && !Number.isNaN(Date.parse(value));
}

/** An instant as ISO 8601 with an offset, normalised to UTC ('...Z'). A bare local time is refused: its zone is unknown. */
export const isoInstant = (messages: { required: string; invalid: string }) =>
  requiredText(messages.required)
    .refine((value) => ISO_DATE_TIME_WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value)), { error: messages.invalid })
    // What the API description says (and its fuzzing generates); the refinement above is not representable.
    .meta({ format: 'date-time' })
    .transform((value) => new Date(value).toISOString());

/** Trims each entry, drops blanks, and drops case-insensitive duplicates keeping the first spelling. */
export function uniqueTrimmed(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const item of items) {
    const trimmed = item.trim();
    const key = trimmed.toLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
  }
  return kept;
}

/** A list of texts, normalised by `uniqueTrimmed`, that must keep at least one entry. */
export const nonEmptyUniqueTexts = (message: string) =>
  z
    .array(safeText({ error: message }), { error: message })
    .transform(uniqueTrimmed)
    .refine((items) => items.length > 0, { error: message });

// The account and profile forms' builders. Each check aborts on failure so that a field reports one
// message, the first rule it breaks, as the forms show it.
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

/** An account's e-mail address, lower-cased: `required` when blank, `invalid` when malformed. */
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
