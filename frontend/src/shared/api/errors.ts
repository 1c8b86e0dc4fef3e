import type { AxiosError } from 'axios';

/** Errors are JSON `{ message, errors?: [{ field, message }] }` (ARCHITECTURE.md, edge rules). */
interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

/** axios's own test (isAxiosError), without loading axios: the shell reads errors before any call has loaded it. */
export const isHttpError = (error: unknown): error is AxiosError =>
  error !== null && typeof error === 'object' && (error as { isAxiosError?: unknown }).isAxiosError === true;

const bodyOf = (error: unknown): ErrorBody | undefined => {
  if (!isHttpError(error)) return undefined;
  const data: unknown = error.response?.data;
  return data && typeof data === 'object' ? (data as ErrorBody) : undefined;
};

/** The server's message when it sent one, else the screen's fallback text (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  const message = bodyOf(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** The server's per-field messages (first one per field), for forms that show errors beside inputs. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = bodyOf(error)?.errors;
  const result: Record<string, string> = {};
  if (!Array.isArray(errors)) return result;
  for (const entry of errors) {
    if (entry && typeof entry === 'object' && typeof entry.field === 'string' && typeof entry.message === 'string' && !(entry.field in result)) {
      result[entry.field] = entry.message;
    }
  }
  return result;
}

/** The HTTP status of a failed call, if it got an answer. */
export const statusOf = (error: unknown): number | undefined => (isHttpError(error) ? error.response?.status : undefined);
