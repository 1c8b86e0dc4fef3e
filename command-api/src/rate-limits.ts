import type { Request, RequestHandler } from 'express';
import { normalizeEmail } from '@placement/domain';
import { actorOf, clientAddressKey, sharedRateLimit } from '@placement/platform';
import type { CommandApiDeps } from './deps';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** The e-mail of a body as the accounts spell it, so ' Asha@X.edu' and 'asha@x.edu' share one count. */
const emailOf = (req: Request): string => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : '';
};

/**
 * Password guessing: failed logins per client address and e-mail, shared by every replica; a
 * successful login does not count. Keyed by both so that a stranger elsewhere cannot lock the owner out.
 */
export const loginLimiter = (deps: Pick<CommandApiDeps, 'rateCounters'>, failuresPer15Minutes: number): RequestHandler =>
  sharedRateLimit(deps.rateCounters, {
    name: 'login',
    windowMs: FIFTEEN_MINUTES,
    limit: failuresPer15Minutes,
    key: (req) => `${clientAddressKey(req)}|${emailOf(req)}`,
    skipSuccessfulRequests: true,
    message: 'Too many login attempts. Please wait a few minutes and try again.',
  });

/**
 * Guessing the current password with a session token (a stolen one, say): failed changes per
 * account, shared by every replica; a successful change does not count. Mount after authentication.
 */
export const passwordChangeLimiter = (deps: Pick<CommandApiDeps, 'rateCounters'>, failuresPer15Minutes: number): RequestHandler =>
  sharedRateLimit(deps.rateCounters, {
    name: 'password-change',
    windowMs: FIFTEEN_MINUTES,
    limit: failuresPer15Minutes,
    key: (_req, res) => `account|${actorOf(res).id ?? ''}`,
    skipSuccessfulRequests: true,
    message: 'Too many attempts. Please wait a few minutes and try again.',
  });

/** Anonymous submissions (interview experiences, public job posts, sign-ups, resends): per client address and kind. */
export const publicSubmissionLimiter = (deps: Pick<CommandApiDeps, 'rateCounters'>, kind: string, perHour: number): RequestHandler =>
  sharedRateLimit(deps.rateCounters, {
    name: `submissions-${kind}`,
    windowMs: ONE_HOUR,
    limit: perHour,
    key: clientAddressKey,
    message: 'Too many submissions from this address. Please try again later.',
  });
