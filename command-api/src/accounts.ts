import {
  EMAIL_CLAIM_EVENT_VERSIONS,
  USER_EVENT_VERSIONS,
  emailClaimDecider,
  isRejection,
  userDecider,
  userStreamId,
  type CreateUserByAdmin,
  type EmailClaimCommand,
  type UserCommand,
  type UserEvent,
} from '@placement/domain';
import { emailStreamOf, type CommandOutcome } from '@placement/platform';
import type { CommandApiDeps } from './deps';
import { run, type Invocation } from './execute';

/**
 * Accounts are made and re-addressed in two streams: the address's claim (one account per e-mail,
 * decided by the store's expected-revision check) and the account's own. The admin panel's routes,
 * the command line (`npm run admin`) and the first-admin bootstrap all go through here.
 */

type Deps = Pick<CommandApiDeps, 'store' | 'logger'>;

export const userCommand = (command: UserCommand) => ({ streamId: userStreamId(command.userId), decider: userDecider, versions: USER_EVENT_VERSIONS, command });

export const emailClaimCommand = (email: string, command: EmailClaimCommand) => ({
  streamId: emailStreamOf(email),
  decider: emailClaimDecider,
  versions: EMAIL_CLAIM_EVENT_VERSIONS,
  command,
});

/**
 * Claims the address for the user, then makes `change`; when the change fails, a claim made here is
 * released again (unless `keepClaim` says the failure leaves the address with its owner), so a failed
 * write never keeps an address from its next owner.
 */
export async function withEmailClaimed<Result>(
  deps: Deps,
  invocation: Invocation,
  email: string,
  userId: string,
  change: () => Promise<Result>,
  keepClaim: (error: unknown) => boolean = () => false,
): Promise<Result> {
  const claim = await run(deps.store, invocation, emailClaimCommand(email, { type: 'ClaimEmail', userId }));
  try {
    return await change();
  } catch (error) {
    if (claim.events.length > 0 && !keepClaim(error)) {
      await run(deps.store, invocation, emailClaimCommand(email, { type: 'ReleaseEmail', userId })).catch((releaseError: unknown) =>
        deps.logger.error({ err: releaseError, userId }, 'could not release an e-mail claim after a failed change'),
      );
    }
    throw error;
  }
}

export type NewAccount = Omit<CreateUserByAdmin, 'type'>;

/**
 * A verified account of any role. The address is claimed first, so a taken address is refused before
 * anything is written. When the account's stream already holds this very account (another writer made
 * it with the same id: the bootstrap on two replicas), the claim stays: the address is that account's.
 */
export function createAccount(deps: Deps, invocation: Invocation, account: NewAccount): Promise<CommandOutcome<UserEvent>> {
  const alreadyMade = (error: unknown) => isRejection(error) && error.kind === 'conflict';
  return withEmailClaimed(deps, invocation, account.email, account.userId, () => run(deps.store, invocation, userCommand({ type: 'CreateUserByAdmin', ...account })), alreadyMade);
}
