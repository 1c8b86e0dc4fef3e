import { createSecretKey, type KeyObject } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { authorize, USER_MESSAGES, type Action, type Actor, type Caller, type Role } from '@placement/domain';
import { HttpError } from './errors';

export interface TokenSettings {
  secret: string;
  expiresIn: string;
}

export interface TokenClaims {
  sub: string;
  role: Role;
  /** The account's session version when the token was issued (`sv`): the token counts only while it is current. */
  sv: number;
}

/** Whom a token is for: the account, its role, and its session version (`UserState.sessionVersion`). */
export interface TokenSubject {
  id: string;
  role: Role;
  sessionVersion: number;
}

const ISSUER = 'placement-portal';

/**
 * The secret as a key object, made once per secret: given the string, jsonwebtoken makes one on every
 * call, which was most of a token check's CPU (about 2 ms against 30-60 µs with the key on this machine
 * under load; a third of a status change's CPU in the command-api).
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    // A process knows one or two secrets (the current one, and the previous one while rotating).
    if (keys.size >= 8) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function issueToken(settings: TokenSettings, user: TokenSubject): string {
  return jwt.sign({ role: user.role, sv: user.sessionVersion }, keyOf(settings.secret), {
    subject: user.id,
    issuer: ISSUER,
    algorithm: 'HS256',
    expiresIn: settings.expiresIn as jwt.SignOptions['expiresIn'],
  });
}

/** The claims of a valid token, or undefined for a tampered, expired or foreign one. */
export function verifyToken(settings: TokenSettings, token: string): TokenClaims | undefined {
  try {
    const claims = jwt.verify(token, keyOf(settings.secret), { issuer: ISSUER, algorithms: ['HS256'] });
    // A token without an expiry would be good for ever, and one without a session version could not
    // be ended before it: none that we issue lacks either.
    if (typeof claims === 'string' || typeof claims.sub !== 'string' || typeof claims.role !== 'string' || typeof claims.exp !== 'number') return undefined;
    const sv: unknown = claims.sv;
    if (typeof sv !== 'number' || !Number.isSafeInteger(sv) || sv < 0) return undefined;
    return { sub: claims.sub, role: claims.role as Role, sv };
  } catch {
    return undefined;
  }
}

/** The account behind a token as it is now: a role change or a suspension applies at once. */
export interface AccountSnapshot {
  role: Role;
  status: 'active' | 'inactive' | 'suspended';
  verified: boolean;
  /** Tokens issued under an earlier version were ended (password change or reset, status or role change). */
  sessionVersion: number;
}
export type AccountLookup = (userId: string) => Promise<AccountSnapshot | undefined>;

export const INVALID_TOKEN_MESSAGE = 'Session expired. Please login again.';

export const actorOf = (res: Response): Actor => (res.locals.actor as Actor | undefined) ?? { id: null, role: 'visitor' };

/**
 * Reads the bearer token, if any. No token: a visitor. A bad token, one whose account is gone, or one
 * issued before the account's sessions were ended (its `sv` is not the account's session version): 401.
 * An account that is suspended, inactive or unverified: 403. Otherwise the actor with its current role.
 */
export function authenticate(settings: TokenSettings, lookup: AccountLookup): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (!header) {
      res.locals.actor = { id: null, role: 'visitor' } satisfies Actor;
      return next();
    }
    const [scheme, token] = header.split(' ');
    const claims = scheme?.toLowerCase() === 'bearer' && token ? verifyToken(settings, token) : undefined;
    if (!claims) return next(new HttpError(401, INVALID_TOKEN_MESSAGE));
    const account = await lookup(claims.sub);
    if (!account || account.sessionVersion !== claims.sv) return next(new HttpError(401, INVALID_TOKEN_MESSAGE));
    if (account.status === 'suspended') return next(new HttpError(403, USER_MESSAGES.suspended));
    if (account.status === 'inactive') return next(new HttpError(403, USER_MESSAGES.inactive));
    if (!account.verified) return next(new HttpError(403, USER_MESSAGES.notVerified));
    res.locals.actor = { id: claims.sub, role: account.role } satisfies Actor;
    next();
  };
}

/**
 * `authenticate` for a service that reads no accounts (the ATS engine): the token's signature, expiry
 * and role only. No token: a visitor; a bad one: 401. A token whose sessions ended still counts here
 * until it expires (docs/decisions.md), so such a service must keep and show nothing of the account.
 */
export function authenticateToken(settings: TokenSettings): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.authorization;
    if (!header) {
      res.locals.actor = { id: null, role: 'visitor' } satisfies Actor;
      return next();
    }
    const [scheme, token] = header.split(' ');
    const claims = scheme?.toLowerCase() === 'bearer' && token ? verifyToken(settings, token) : undefined;
    if (!claims) return next(new HttpError(401, INVALID_TOKEN_MESSAGE));
    res.locals.actor = { id: claims.sub, role: claims.role } satisfies Actor;
    next();
  };
}

/** Enforces the permission matrix for one action; mount after `authenticate`. */
export function requirePermission(action: Action): RequestHandler {
  return (_req, res, next) => {
    const actor = actorOf(res);
    const caller: Caller = actor.role === 'visitor' || actor.role === 'system' ? 'visitor' : actor.role;
    const decision = authorize(caller, action);
    if (decision === 'allow') return next();
    if (decision === 'authenticate') return next(new HttpError(401, 'Authentication required'));
    next(new HttpError(403, 'You do not have permission to do this'));
  };
}
