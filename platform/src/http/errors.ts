import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { isRejection, type RejectionKind } from '@placement/domain';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './unavailable';

export { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './unavailable';

export interface FieldError {
  field: string;
  message: string;
}

/** An error that maps to one HTTP status and a problem reply with `message` and `errors?` (see `problemDetails`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    /** Sent as Retry-After: the request may simply be sent again after this many seconds. */
    readonly retryAfterSeconds?: number,
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
  if (error instanceof HttpError) return { status: error.status, message: error.message, errors: error.errors, retryAfterSeconds: error.retryAfterSeconds };
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

/** The media type of every error reply (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * An error reply: RFC 9457 problem details with the correlation id, plus the spec's `message` (the
 * words the screens show, the same as `detail`) and, for a form, its field `errors`. A service may add
 * members of its own (the ATS engine's `success` and `error`, the spec's analysis shape).
 */
export interface ProblemDetails {
  /** `about:blank`: the status says it all (RFC 9457 section 4.2.1), and `title` is its phrase. */
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The path that was asked for, without its query (which may hold a token). */
  instance: string;
  correlationId: string;
  message: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

/** Members a service adds to each of its problem replies. */
export type ProblemExtensions = (problem: ProblemDetails) => Record<string, unknown>;

/** Where and under which id the failure happened. */
export interface ProblemOccurrence {
  instance: string;
  correlationId: string;
}

/** The problem details of an expected failure (or of a fault of ours, status 500). */
export function problemDetails(problem: Problem, occurrence: ProblemOccurrence, extensions?: ProblemExtensions): ProblemDetails {
  const details: ProblemDetails = {
    type: 'about:blank',
    title: STATUS_CODES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.message,
    instance: occurrence.instance,
    correlationId: occurrence.correlationId,
    message: problem.message,
    ...(problem.errors ? { errors: problem.errors } : {}),
  };
  return extensions ? { ...extensions(details), ...details } : details;
}

const occurrenceOf = (req: Request, res: Response): ProblemOccurrence => ({
  instance: `${req.baseUrl}${req.path}`,
  correlationId: String(res.locals.correlationId ?? ''),
});

/** Answers a problem as `application/problem+json`, with Retry-After when the request may simply be sent again. */
export function sendProblem(req: Request, res: Response, problem: Problem, extensions?: ProblemExtensions): void {
  if (problem.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(problem.retryAfterSeconds));
  res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problemDetails(problem, occurrenceOf(req, res), extensions)));
}

/**
 * The one error middleware: turns anything thrown into problem details; unexpected errors are
 * logged (with the request's correlation id), not leaked.
 */
export function errorHandler(logger: Logger, extensions?: ProblemExtensions): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      // Too late for a reply of its own: the client sees the connection end before the body does.
      logger.error({ err: error, method: req.method, path: req.path }, 'error after the reply had started');
      res.destroy();
      return;
    }
    const problem = problemOf(error);
    if (problem) {
      if (isDependencyUnavailable(error)) logger.warn({ err: error, method: req.method, path: req.path }, 'a server this service depends on is unavailable');
      sendProblem(req, res, problem, extensions);
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    sendProblem(req, res, { status: 500, message: INTERNAL_ERROR_MESSAGE }, extensions);
  };
}
