import type { SessionUser } from '../../shared/session/types';

export interface SessionReply {
  token?: string;
  user?: SessionUser;
  message?: string;
  position?: number;
  /** Instead of a session: the account's second factor comes next (docs/decisions.md, second factor). */
  secondFactor?: 'code' | 'enrol';
  challenge?: string;
}

export interface SecondFactorEnrolledReply extends SessionReply {
  recoveryCodes: string[];
}

export interface MessageReply {
  message?: string;
  position?: number;
}

export interface Registration {
  fullName: string;
  rollNo: string;
  email: string;
  password: string;
}
