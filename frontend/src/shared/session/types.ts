import type { ProfileReply, SecondFactorSetupReply, SessionUser as SessionAccount } from '@placement/domain';

/**
 * The signed-in account as every feature sees it (the session, its password and second factor). The
 * server's replies are the domain's contracts (domain/src/users/contracts.ts), imported as types only so
 * that no zod reaches the bundle.
 */

/**
 * The signed-in user as the client knows it: the account of a session reply (sign-in, verified e-mail,
 * changed password), completed by GET /api/profile/me's profile once read (its fields absent until then).
 */
export type SessionUser = SessionAccount & Partial<ProfileReply>;

/** A new second factor's secret, as text and as a QR code (a PNG data URL) of its otpauth URI. */
export type SecondFactorSetup = Pick<SecondFactorSetupReply, 'secret' | 'otpauthUri' | 'qrCode'>;

export interface Credentials {
  email: string;
  password: string;
}

/** Where one request of a form stands. */
export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';
