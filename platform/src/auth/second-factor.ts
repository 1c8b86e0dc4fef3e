import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@placement/domain';

/**
 * Time-based one-time passwords (RFC 6238) for the second factor of admin and staff accounts, with
 * the `otpauth` library (no HMAC code of our own): SHA-1, six digits, 30-second steps, the settings
 * every authenticator app reads from an otpauth:// URI. A code is accepted for the current step and
 * one step either side; the step it matched is returned so that the domain can refuse its reuse.
 *
 * Keys: everything here is derived from the server's JWT secret with HKDF (SHA-256), one key per use,
 * so the secret in the event store is AES-256-GCM ciphertext that the store alone does not open, and
 * a sign-in challenge is signed with a key no session token is signed with.
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (clock drift, a code typed as it changed). */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Placement Portal';
/** How long the password step of a sign-in holds for its code (or its enrolment). */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

const HKDF_SALT = 'placement-portal/second-factor';
const deriveKey = (jwtSecret: string, info: string): Buffer => Buffer.from(hkdfSync('sha256', jwtSecret, HKDF_SALT, info, 32));

const totpOf = (base32Secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(base32Secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI that an authenticator app reads from the QR code. */
export const otpauthUri = (base32Secret: string, accountName: string): string => totpOf(base32Secret, accountName).toString();

/** The URI as a QR code image (a PNG data URL). */
export const qrCodeDataUrl = (uri: string): Promise<string> => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });

export const totpStepAt = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of the secret at `now` (the tests' authenticator). */
export const totpCodeAt = (base32Secret: string, now: Date): string => totpOf(base32Secret).generate({ timestamp: now.getTime() });

/** The time step whose code `code` is (current ±TOTP_WINDOW), or undefined for a wrong code. */
export function matchingTotpStep(base32Secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return undefined;
  const delta = totpOf(base32Secret).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? undefined : totpStepAt(now) + delta;
}

// ---------------------------------------------------------------- the secret at rest

const SEALED_PREFIX = 'v1';

/**
 * The secret encrypted for the user's stream: `v1.<iv>.<ciphertext>.<tag>` (base64url), AES-256-GCM
 * under an HKDF key of the JWT secret, with the user id as associated data so that a sealed secret
 * copied to another account does not open there.
 */
export function sealTotpSecret(jwtSecret: string, userId: string, base32Secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(jwtSecret, 'totp-secret-at-rest'), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(base32Secret, 'utf8'), cipher.final()]);
  return [SEALED_PREFIX, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The secret back from its sealed form; throws for a tampered one or one sealed for another account or secret. */
export function openTotpSecret(jwtSecret: string, userId: string, sealed: string): string {
  const [prefix, iv, data, tag] = sealed.split('.');
  if (prefix !== SEALED_PREFIX || !iv || !data || !tag) throw new Error('Not a sealed second-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(jwtSecret, 'totp-secret-at-rest'), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

// ---------------------------------------------------------------- recovery codes

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten codes like `K7QX2-M9PDA` (50 random bits each: a SHA-256 of one is safe to store). */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  const code = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => code().replace(/^(.{5})/, '$1-'));
}

/** The stored form of a recovery code, however it was typed (letter case, spaces, dashes). */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(code.toUpperCase().replace(/[\s-]+/g, '')).digest('hex');

// ---------------------------------------------------------------- sign-in challenges

/** What the password step leads to: a code of the second factor, or its enrolment first. */
export type ChallengePurpose = 'second-factor' | 'second-factor-enrolment';

export interface Challenge {
  userId: string;
  /** The account's session version at the password: a password change or reset in between ends it. */
  sessionVersion: number;
  purpose: ChallengePurpose;
}

const CHALLENGE_ISSUER = 'placement-portal/challenge';

/**
 * A short-lived, single-purpose token for the step after the password. It is signed with its own key,
 * so it is never a session token (the session check refuses it) and grants nothing but its step.
 */
export function issueChallenge(jwtSecret: string, challenge: Challenge): string {
  return jwt.sign({ sv: challenge.sessionVersion }, deriveKey(jwtSecret, 'sign-in-challenge'), {
    subject: challenge.userId,
    audience: challenge.purpose,
    issuer: CHALLENGE_ISSUER,
    algorithm: 'HS256',
    expiresIn: CHALLENGE_TTL_SECONDS,
  });
}

/** The challenge of a valid token for `purpose`, or undefined (tampered, expired, other purpose, a session token). */
export function verifyChallenge(jwtSecret: string, token: string, purpose: ChallengePurpose): Challenge | undefined {
  try {
    const claims = jwt.verify(token, deriveKey(jwtSecret, 'sign-in-challenge'), { issuer: CHALLENGE_ISSUER, audience: purpose, algorithms: ['HS256'] });
    if (typeof claims === 'string' || typeof claims.sub !== 'string' || typeof claims.sv !== 'number') return undefined;
    return { userId: claims.sub, sessionVersion: claims.sv, purpose };
  } catch {
    return undefined;
  }
}
