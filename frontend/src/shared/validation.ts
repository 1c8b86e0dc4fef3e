/**
 * Runs one of the domain's zod schemas over a form's values and keeps, per field, the first
 * message (the one the form shows). Typed structurally so that the frontend needs no zod import.
 */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

interface Schema<Output> {
  safeParse(data: unknown): { success: true; data: Output } | { success: false; error: { issues: readonly Issue[] } };
}

export type FieldErrors = Record<string, string>;

export type Validation<Output> = { ok: true; data: Output; errors: FieldErrors } | { ok: false; errors: FieldErrors };

export function firstErrorPerField(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_form';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export function validate<Output>(schema: Schema<Output>, values: unknown): Validation<Output> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  return { ok: false, errors: firstErrorPerField(result.error.issues) };
}

/** Moves focus to the first field (in form order) that has an error. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  const invalid = Array.from(form.elements).find((element) => element instanceof HTMLElement && element.getAttribute('name') && element.getAttribute('name')! in errors);
  (invalid as HTMLElement | undefined)?.focus();
}
