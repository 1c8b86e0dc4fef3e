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
