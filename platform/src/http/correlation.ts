import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

export const CORRELATION_HEADER = 'x-correlation-id';

const isSafeId = (value: unknown): value is string => typeof value === 'string' && /^[\w.-]{1,128}$/.test(value);

/** Every request gets a correlation id (the caller's, if sane), echoed back as a response header. */
export const correlationId: RequestHandler = (req, res, next) => {
  const incoming = req.headers[CORRELATION_HEADER] ?? req.headers['x-request-id'];
  const id = isSafeId(incoming) ? incoming : randomUUID();
  res.locals.correlationId = id;
  res.setHeader('X-Correlation-Id', id);
  next();
};
