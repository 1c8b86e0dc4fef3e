import type { z } from 'zod';
import { reject, type FieldProblem } from '../decider';

/** Zod issues as the edge's `errors: [{ field, message }]`; nested paths are dotted ('rounds.0.name'). */
export function fieldProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}

/** Parses `input` or throws an 'invalid' Rejection whose message is the first problem's. */
export function parseOrReject<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldProblems(result.error);
  return reject('invalid', errors[0]?.message ?? 'Invalid input', errors);
}
