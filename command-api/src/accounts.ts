import {
  CLAIM_COMPLETION_LIMIT_MS,
  EMAIL_CLAIM_EVENT_VERSIONS,
  USER_EVENT_VERSIONS,
  USER_MESSAGES,
  emailClaimDecider,
  isAbandonedClaim,
  isRejection,
  userDecider,
  userStreamId,
  type CreateUserByAdmin,
  type EmailClaimCommand,
  type UserCommand,
  type UserEvent,
  type UserState,
} from '@placement/domain';
import { emailStreamOf, loadUser, type CommandOutcome } from '@placement/platform';
import type { CommandApiDeps } from './deps';
import { run, type Invocation } from './execute';

/**
 * Accounts are made and re-addressed in two streams: the address's claim (one account per e-mail,
 * decided by the store's expected-revision check) and the account's own. The admin panel's routes,
 * the command line (`npm run admin`) and the first-admin bootstrap all go through here.
 */

type Deps = Pick<CommandApiDeps, 'store' | 'logger' | 'now'>;

export const userCommand = (command: UserCommand) => ({ streamId: userStreamId(command.userId), decider: userDecider, versions: USER_EVENT_VERSIONS, command });

export const emailClaimCommand = (email: string, command: EmailClaimCommand) => ({
  streamId: emailStreamOf(email),
  decider: emailClaimDecider,
  versions: EMAIL_CLAIM_EVENT_VERSIONS,
  command,
});

/** The claim decider's refusal of an address another account holds. */
export const isEmailTaken = (error: unknown): boolean => isRejection(error) && error.kind === 'conflict' && error.message === USER_MESSAGES.emailTaken;

/**
 * The claimant of `email` when its claim is abandoned (its account was never made and its request
 * can no longer make it: see the domain's `isAbandonedClaim`), so that a new claim may take it over.
 */
async function abandonedClaimant(deps: Deps, email: string, now: Date): Promise<string | undefined> {
  const last = (await deps.store.readStream(emailStreamOf(email))).at(-1);
  if (last?.type !== 'EmailClaimed') return undefined;
  const claimant = (last.data as { userId: string }).userId;
  const accountExists = (await loadUser(deps.store, claimant)).exists;
  return isAbandonedClaim({ claimedAt: new Date(last.metadata.occurredAt), accountExists }, now) ? claimant : undefined;
}

const RELEASE_ATTEMPTS = 3;

/** Releases a claim made for a change that failed; a store that stays down leaves it to the takeover of abandoned claims. */
async function releaseClaim(deps: Deps, invocation: Invocation, email: string, userId: string): Promise<void> {
  for (let attempt = 1; attempt <= RELEASE_ATTEMPTS; attempt += 1) {
    try {
      await run(deps.store, invocation, emailClaimCommand(email, { type: 'ReleaseEmail', userId }));
      return;
    } catch (releaseError) {
      if (attempt === RELEASE_ATTEMPTS) deps.logger.error({ err: releaseError, userId }, 'could not release an e-mail claim after a failed change');
      else await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** (attempt - 1)));
    }
  }
}

/**
 * Claims the address for the user (taking over an abandoned claim), then makes `change`. When the
 * change fails for any reason (a refusal, a value the store cannot hold, the store itself), a claim
 * made here is released again, unless `keepClaim` says the failure leaves the address with its
 * owner, so a failed write never keeps an address from its next owner. A change that would start
 * more than CLAIM_COMPLETION_LIMIT_MS after the claim began is not made (and the claim released):
 * by the time a claim counts as abandoned, nothing can still create its account.
 */
export async function withEmailClaimed<Result>(
  deps: Deps,
  invocation: Invocation,
  email: string,
  userId: string,
  change: () => Promise<Result>,
  keepClaim: (error: unknown) => boolean = () => false,
): Promise<Result> {
  const started = deps.now().getTime();
  const replacing = await abandonedClaimant(deps, email, invocation.context.now);
  const claim = await run(deps.store, invocation, emailClaimCommand(email, { type: 'ClaimEmail', userId, ...(replacing === undefined ? {} : { replacing }) }));
  try {
    if (deps.now().getTime() - started > CLAIM_COMPLETION_LIMIT_MS) throw new Error('the e-mail claim is too old to complete; it is released');
    return await change();
  } catch (error) {
    if (claim.events.length > 0 && !keepClaim(error)) await releaseClaim(deps, invocation, email, userId);
    throw error;
  }
}

export type NewAccount = Omit<CreateUserByAdmin, 'type'>;

/**
 * A verified account of any role. The address is claimed first, so a taken address is refused before
 * anything is written. When the account's stream already holds this very account (another writer made
 * it with the same id: the bootstrap on two replicas), the claim stays: the address is that account's.
 */
export function createAccount(deps: Deps, invocation: Invocation, account: NewAccount): Promise<CommandOutcome<UserEvent, UserState>> {
  const alreadyMade = (error: unknown) => isRejection(error) && error.kind === 'conflict';
  return withEmailClaimed(deps, invocation, account.email, account.userId, () => run(deps.store, invocation, userCommand({ type: 'CreateUserByAdmin', ...account })), alreadyMade);
}
