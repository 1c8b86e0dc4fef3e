import type { SecondFactorStepReply, SessionReply } from '@placement/domain';

/**
 * The sign-in calls' replies are the domain's contracts (domain/src/users/contracts.ts), imported as types
 * only: the session (SessionReply, SessionCommandReply, SecondFactorSessionReply), the second factor's
 * step and set-up, and the bare message (CommandMessageReply).
 */

/** POST /api/auth/login: a session, or instead the account's second factor comes next (docs/decisions.md, second factor). */
export type LoginReply = SessionReply | SecondFactorStepReply;

export interface Registration {
  fullName: string;
  rollNo: string;
  email: string;
  password: string;
}
