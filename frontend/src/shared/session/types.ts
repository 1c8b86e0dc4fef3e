/** The signed-in account as every feature sees it (the session, its password and second factor). */

/**
 * The signed-in user as the client knows it: the login/verify reply's user, or the profile object
 * of GET /api/profile/me (a superset with the student's profile fields).
 */
export interface SessionUser {
  _id?: string;
  id?: string;
  fullName?: string;
  email?: string;
  role?: string;
  rollNo?: string;
  profilePhoto?: string | null;
  [field: string]: unknown;
}

/** A new second factor's secret, as text and as a QR code (a PNG data URL) of its otpauth URI. */
export interface SecondFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

export interface Credentials {
  email: string;
  password: string;
}

/** Where one request of a form stands. */
export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';
