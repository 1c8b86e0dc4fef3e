import { mayHaveSecondFactor, type UserState } from '@placement/domain';
import { issueChallenge, secondFactorRequired, type ChallengePurpose } from '@placement/platform';
import type { CommandApiDeps } from '../deps';
import { SECOND_FACTOR_MESSAGES } from './views';

/** What signing in reads beyond the account: whether the portal requires a second factor (its security settings stream). */

/** What a sign-in whose password matched answers instead of a session, when the account needs its second factor. */
export interface SecondFactorStep {
  secondFactor: 'code' | 'enrol';
  challenge: string;
  message: string;
}

/**
 * The step after a matched password: an enrolled admin or staff account is asked for its code, and
 * while the portal requires a second factor one without it is asked to set it up; nobody else.
 */
export async function secondFactorStepOf(deps: Pick<CommandApiDeps, 'env' | 'store'>, user: UserState): Promise<SecondFactorStep | undefined> {
  if (!mayHaveSecondFactor(user)) return undefined;
  const challengeFor = (purpose: ChallengePurpose) => issueChallenge(deps.env.JWT_SECRET, { userId: user.userId!, sessionVersion: user.sessionVersion, purpose });
  if (user.secondFactor.status === 'enrolled') return { secondFactor: 'code', challenge: challengeFor('second-factor'), message: SECOND_FACTOR_MESSAGES.codeRequired };
  if (await secondFactorRequired(deps.store)) return { secondFactor: 'enrol', challenge: challengeFor('second-factor-enrolment'), message: SECOND_FACTOR_MESSAGES.enrolmentRequired };
  return undefined;
}
