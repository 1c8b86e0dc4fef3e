import type { Request } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';

const tooMany = (message: string) => ({ message });
const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/** Password guessing: per client address and e-mail, so one noisy client cannot lock others out. */
export const loginLimiter = (attemptsPer15Minutes: number) =>
  rateLimit({
    windowMs: 15 * 60 * 1000,
    limit: attemptsPer15Minutes,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `${clientIp(req)}|${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
    message: tooMany('Too many login attempts. Please wait a few minutes and try again.'),
  });

/** Anonymous submissions (interview experiences, public job posts, sign-ups): per client address. */
export const publicSubmissionLimiter = (perHour: number) =>
  rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: perHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: clientIp,
    message: tooMany('Too many submissions from this address. Please try again later.'),
  });
