import type { Request } from 'express';
import { unsafeTextPath, UNSAFE_TEXT_MESSAGE } from '@placement/domain';
import { badRequest } from './errors';

/** No id of ours (UUIDs, hashes, storage keys) comes near it; a longer path parameter names nothing. */
export const MAX_PATH_PARAMETER_LENGTH = 200;

export const pathParameterTooLongMessage = (name: string) => `${name} is too long (at most ${MAX_PATH_PARAMETER_LENGTH} characters)`;

/** `*key` parameters arrive as the list of their segments. */
const asText = (value: unknown): string => (Array.isArray(value) ? value.join('/') : String(value));

/** The uploaded files' names, by field, as the multipart parser left them. */
function fileNames(req: Request): Record<string, string> {
  const files = (req as { files?: unknown }).files;
  if (!Array.isArray(files)) return {};
  return Object.fromEntries(files.map((file: { fieldname: string; originalname: string }) => [file.fieldname, file.originalname]));
}

/**
 * Refuses, with 400 naming the field, a request whose path parameters, query string, body (JSON or
 * multipart fields) or uploaded file names carry a NUL or a lone surrogate, or whose path parameter
 * is longer than any id: nothing of the kind reaches a decider, the event store or a read model.
 * Every route mounted by `mountRoutes` runs it after its `before` middleware (the body is parsed then).
 */
export function refuseUnsafeInput(req: Request): void {
  for (const [name, value] of Object.entries(req.params ?? {})) {
    if (asText(value).length > MAX_PATH_PARAMETER_LENGTH) {
      const message = pathParameterTooLongMessage(name);
      throw badRequest(message, [{ field: name, message }]);
    }
  }
  const field = unsafeTextPath(req.params) ?? unsafeTextPath(req.query) ?? unsafeTextPath(req.body) ?? unsafeTextPath(fileNames(req));
  if (field) throw badRequest(UNSAFE_TEXT_MESSAGE, [{ field, message: UNSAFE_TEXT_MESSAGE }]);
}
