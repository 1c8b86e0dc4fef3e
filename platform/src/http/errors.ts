import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isRejection, type RejectionKind } from '@placement/domain';

export interface FieldError {
  field: string;
  message: string;
}

/** An error that maps to one HTTP status and the JSON body `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.path}`));
};

/** How a domain refusal reads over HTTP. */
export const REJECTION_STATUS: Record<RejectionKind, number> = { invalid: 400, not_found: 404, conflict: 409, forbidden: 403 };

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** Turns anything thrown into the architecture's error body; unexpected errors are logged, not leaked. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (error instanceof HttpError) {
      res.status(error.status).json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      return;
    }
    if (isRejection(error)) {
      const status = REJECTION_STATUS[error.kind];
      res.status(status).json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      return;
    }
    if ((error as Error)?.name === 'WrongExpectedRevisionError') {
      res.status(409).json({ message: 'This record was changed by someone else at the same time. Please try again.' });
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Malformed JSON body' });
      return;
    }
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body is too large' });
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error' });
  };
}
