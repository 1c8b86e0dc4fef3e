import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * E-mail verification links. The token is `<userId>.<HMAC(secret, userId, expiresAt)>`: the command
 * side stores only its SHA-256 in the event, and the notifier, which holds the same secret, recomputes
 * the token from the event's user id and expiry to build the link. No secret ever enters the event log.
 */
const sign = (secret: string, userId: string, expiresAt: string) =>
  createHmac('sha256', secret).update(`verify-email:${userId}:${expiresAt}`).digest('base64url');

export function verificationToken(secret: string, userId: string, expiresAt: string): string {
  return `${userId}.${sign(secret, userId, expiresAt)}`;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The user a token claims to belong to; the stored hash then decides whether it is genuine and current. */
export function userIdOfToken(token: string): string | undefined {
  const [userId, signature, extra] = token.split('.');
  return userId && signature && extra === undefined && /^[\w-]{1,64}$/.test(userId) ? userId : undefined;
}

export const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
