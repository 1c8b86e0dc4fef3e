/**
 * The sign-in calls' replies are the domain's contracts (domain/src/users/contracts.ts), imported as types
 * only: the sign-in (LoginReply: a session, or instead the account's second factor comes next), the
 * session (SessionReply, SessionCommandReply, SecondFactorSessionReply), the second factor's step and
 * set-up, and the bare message (CommandMessageReply).
 */
export type { LoginReply } from '@placement/domain';

export interface Registration {
  fullName: string;
  rollNo: string;
  email: string;
  password: string;
}
