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

export interface SessionReply {
  token?: string;
  user?: SessionUser;
  message?: string;
  position?: number;
  /** Instead of a session: the account's second factor comes next (docs/decisions.md, second factor). */
  secondFactor?: 'code' | 'enrol';
  challenge?: string;
}

/** A new second factor's secret, as text and as a QR code (a PNG data URL) of its otpauth URI. */
export interface SecondFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

export interface SecondFactorEnrolledReply extends SessionReply {
  recoveryCodes: string[];
}

export interface MessageReply {
  message?: string;
  position?: number;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration {
  fullName: string;
  rollNo: string;
  email: string;
  password: string;
}
