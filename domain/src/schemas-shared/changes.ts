/** The before/after of the fields that differ; events that edit an aggregate carry exactly this. */
export interface FieldChanges<Fields> {
  before: Partial<Fields>;
  after: Partial<Fields>;
}

/** Structural equality for JSON-shaped values (strings, numbers, booleans, arrays, plain objects). */
export function sameValue(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => sameValue(item, right[index]));
  }
  if (isPlainObject(left) && isPlainObject(right)) {
    const leftKeys = Object.keys(left);
    return leftKeys.length === Object.keys(right).length && leftKeys.every((key) => key in right && sameValue(left[key], right[key]));
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The changed fields among `keys`, or null when nothing changed (so the caller emits no event). */
export function changedFields<Fields extends object>(before: Fields, after: Fields, keys: readonly (keyof Fields)[]): FieldChanges<Fields> | null {
  const changes: FieldChanges<Fields> = { before: {}, after: {} };
  let changed = false;
  for (const key of keys) {
    if (sameValue(before[key], after[key])) continue;
    changes.before[key] = before[key];
    changes.after[key] = after[key];
    changed = true;
  }
  return changed ? changes : null;
}

/** Applies an edit's `after` values onto the current fields. */
export const applyChanges = <Fields extends object>(fields: Fields, changes: FieldChanges<Fields>): Fields => ({ ...fields, ...changes.after });
