import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { withCorrelationId } from '../request-context';

export const CORRELATION_HEADER = 'x-correlation-id';

/** The gateway's rule for an id it passes on (infra/gateway/portal.conf.template): nothing that could break out of a header or a JSON string. */
const isSafeId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value);

/** The request's correlation id (set by `correlationId`). */
export const correlationIdOf = (res: Response): string => String(res.locals.correlationId ?? '');

/**
 * Every request gets a correlation id (the caller's or the gateway's, if sane), echoed back as a
 * response header, and the rest of the request runs under it: every log line carries it.
 */
export const correlationId: RequestHandler = (req, res, next) => {
  const incoming = req.headers[CORRELATION_HEADER] ?? req.headers['x-request-id'];
  const id = isSafeId(incoming) ? incoming : randomUUID();
  res.locals.correlationId = id;
  res.setHeader('X-Correlation-Id', id);
  withCorrelationId(id, next);
};
