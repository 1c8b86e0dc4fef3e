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
