import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isRejection, type RejectionKind } from '@placement/domain';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './unavailable';

export { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './unavailable';

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
  /** http-errors marks the errors whose message is meant for the client. */
  expose?: boolean;
}

export const MALFORMED_PATH_MESSAGE = 'Malformed URL: a path parameter is not valid percent-encoding';

export const CONCURRENT_CHANGE_MESSAGE = 'This record was changed by someone else at the same time. Please try again.';

/** The gateway's words when a service is down; a service says the same when a server it needs is. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable, please try again shortly.';

/** What a caller is told about an expected failure; undefined for a fault of ours. */
export interface Problem {
  status: number;
  message: string;
  errors?: FieldError[];
  /** Sent as Retry-After: the request may simply be sent again after this many seconds. */
  retryAfterSeconds?: number;
}

/** How an expected failure (refusal, validation, write conflict, bad body) reads over HTTP. */
export function problemOf(error: unknown): Problem | undefined {
  if (error instanceof HttpError) return { status: error.status, message: error.message, errors: error.errors };
  if (isRejection(error)) return { status: REJECTION_STATUS[error.kind], message: error.message, errors: error.errors };
  if ((error as Error)?.name === 'WrongExpectedRevisionError') return { status: 409, message: CONCURRENT_CHANGE_MESSAGE };
  const parserError = error as BodyParserError;
  if (parserError?.type === 'entity.parse.failed') return { status: 400, message: 'Malformed JSON body' };
  if (parserError?.type === 'entity.too.large') return { status: 413, message: 'Request body is too large' };
  // The router decodes path parameters with decodeURIComponent before any handler runs.
  if (error instanceof URIError) return { status: 400, message: MALFORMED_PATH_MESSAGE };
  // Any other client error of the body parser (unsupported charset or encoding, aborted request...).
  const status = parserError?.status;
  if (parserError?.expose && typeof status === 'number' && status >= 400 && status < 500) return { status, message: parserError.message };
  // A server we depend on is down or unreachable: nothing is wrong with the request.
  if (isDependencyUnavailable(error)) return { status: 503, message: UNAVAILABLE_MESSAGE, retryAfterSeconds: RETRY_AFTER_SECONDS };
  return undefined;
}

/** Turns anything thrown into the architecture's error body; unexpected errors are logged, not leaked. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const problem = problemOf(error);
    if (problem) {
      if (problem.retryAfterSeconds !== undefined) {
        logger.warn({ err: error, method: req.method, path: req.path }, 'a server this service depends on is unavailable');
        res.setHeader('Retry-After', String(problem.retryAfterSeconds));
      }
      res.status(problem.status).json(problem.errors ? { message: problem.message, errors: problem.errors } : { message: problem.message });
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error' });
  };
}
