import { z } from 'zod';

/**
 * Text that PostgreSQL, MongoDB, e-mail and JSON can all carry: no NUL (PostgreSQL's text and
 * jsonb refuse it, C strings end at it) and no lone UTF-16 surrogate (it has no UTF-8 encoding, so
 * drivers fail on it or replace it silently). Every text field of every schema refuses both.
 */
export const UNSAFE_TEXT_MESSAGE = 'This field contains characters that are not allowed (a NUL or an unpaired surrogate)';

// eslint-disable-next-line no-control-regex -- finding NUL is the point
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const isSafeText = (value: string): boolean => value.search(NUL_OR_LONE_SURROGATE) === -1;

/** The text with every NUL and lone surrogate replaced by U+FFFD, to name a bad key readably. */
const printable = (value: string): string => value.replace(NUL_OR_LONE_SURROGATE, '\uFFFD');

/**
 * The dotted path of the first string (or object key) in a parsed JSON value, query string or form
 * that is not safe text; undefined when every one is. `prefix` names the root ('(body)' when empty).
 * Walks without recursion, so no nesting depth a client sends can overflow the stack.
 */
export function unsafeTextPath(root: unknown, prefix = ''): string | undefined {
  const pending: [value: unknown, path: string][] = [[root, prefix]];
  const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (!isSafeText(value)) return path || '(body)';
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
      const badKey = entries.find(([key]) => !isSafeText(key));
      if (badKey) return at(path, printable(badKey[0]));
      for (let index = entries.length - 1; index >= 0; index -= 1) pending.push([entries[index]![1], at(path, entries[index]![0])]);
    }
  }
  return undefined;
}

/** `z.string(params)` that refuses unsafe text first, with its own message, and stops there. */
export const safeText = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isSafeText, { error: UNSAFE_TEXT_MESSAGE, abort: true });
