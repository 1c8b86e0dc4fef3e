import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tokens of links mailed to an account: e-mail verification and password reset. A token is
 * `<userId>.<HMAC(secret, purpose, userId, expiresAt)>`: the command side stores only its SHA-256 in
 * the event, and the notifier, which holds the same secret, recomputes the token from the event's user
 * id and expiry to build the link. No secret ever enters the event log. The purpose is signed too, so
 * a token of one kind is never a token of the other.
 */
type LinkPurpose = 'verify-email' | 'reset-password';

const sign = (secret: string, purpose: LinkPurpose, userId: string, expiresAt: string) =>
  createHmac('sha256', secret).update(`${purpose}:${userId}:${expiresAt}`).digest('base64url');

export function verificationToken(secret: string, userId: string, expiresAt: string): string {
  return `${userId}.${sign(secret, 'verify-email', userId, expiresAt)}`;
}

/** The token of a password reset link, issued with `PasswordResetRequested` (30 minutes, one use). */
export function passwordResetToken(secret: string, userId: string, expiresAt: string): string {
  return `${userId}.${sign(secret, 'reset-password', userId, expiresAt)}`;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The user a token claims to belong to; the stored hash then decides whether it is genuine and current. */
export function userIdOfToken(token: string): string | undefined {
  const [userId, signature, extra] = token.split('.');
  return userId && signature && extra === undefined && /^[\w-]{1,64}$/.test(userId) ? userId : undefined;
}

export const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
