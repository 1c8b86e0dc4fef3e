import type { Decider, DomainEvent } from '../decider';
import { reject } from '../decider';
import { USER_MESSAGES } from './messages';

/**
 * One account per e-mail. The claim lives in its own stream, `user-email-<sha256 of the normalised
 * e-mail>`, and the command side appends to it with the expected revision it read: of two concurrent
 * sign-ups with one address, the store lets exactly one claim through, and the other decides again
 * and is refused. Changing an account's e-mail claims the new address before releasing the old one.
 *
 * Making an account takes two appends, the claim and then the account, and no store here writes two
 * streams in one transaction. A failure between them is undone by releasing the claim; a process that
 * dies between them (or a release that fails because the store is down) leaves a claim whose account
 * never came to be. Such a claim is abandoned once it is older than CLAIM_ABANDONED_AFTER_MS, and
 * the next claim of the address takes it over. A request only creates the account within
 * CLAIM_COMPLETION_LIMIT_MS of its claim, far below that, so a takeover never meets a late creation.
 */

export type EmailClaimed = DomainEvent<'EmailClaimed', { userId: string }>;
export type EmailReleased = DomainEvent<'EmailReleased', { userId: string }>;
export type EmailClaimEvent = EmailClaimed | EmailReleased;

export const EMAIL_CLAIM_EVENT_VERSIONS = {
  EmailClaimed: 1,
  EmailReleased: 1,
} as const satisfies Record<EmailClaimEvent['type'], number>;

export interface ClaimEmail {
  type: 'ClaimEmail';
  userId: string;
  /** An abandoned claimant (see `isAbandonedClaim`) whose claim this one takes over. */
  replacing?: string;
}
export interface ReleaseEmail {
  type: 'ReleaseEmail';
  userId: string;
}
export type EmailClaimCommand = ClaimEmail | ReleaseEmail;

export interface EmailClaimState {
  claimedBy: string | null;
}

/** How long after its claim a request may still create the account; past it, it releases the claim. */
export const CLAIM_COMPLETION_LIMIT_MS = 60_000;

/** A claim this old whose account does not exist was left by a request that died between its two appends. */
export const CLAIM_ABANDONED_AFTER_MS = 10 * 60_000;

/** Whether a claim may be taken over: its account was never created and its request can no longer create it. */
export const isAbandonedClaim = (claim: { claimedAt: Date; accountExists: boolean }, now: Date): boolean =>
  !claim.accountExists && now.getTime() - claim.claimedAt.getTime() >= CLAIM_ABANDONED_AFTER_MS;

/** The one spelling of an address that accounts, logins and claims compare. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The claim stream of an address, given the hex SHA-256 of its normalised form (hashing is the caller's). */
export const emailClaimStreamId = (normalizedEmailSha256: string): string => `user-email-${normalizedEmailSha256}`;

/** Claiming again by the owner and releasing an unclaimed address change nothing, so retries are safe. */
function claim(command: ClaimEmail, state: EmailClaimState): EmailClaimEvent[] {
  if (state.claimedBy === command.userId) return [];
  const claimed: EmailClaimEvent = { type: 'EmailClaimed', data: { userId: command.userId } };
  if (state.claimedBy === null) return [claimed];
  // The claimant named must still hold it: of two takeovers at once, the store lets one through.
  if (command.replacing !== undefined && state.claimedBy === command.replacing) return [{ type: 'EmailReleased', data: { userId: command.replacing } }, claimed];
  return reject('conflict', USER_MESSAGES.emailTaken);
}

function release(command: ReleaseEmail, state: EmailClaimState): EmailClaimEvent[] {
  if (state.claimedBy === null) return [];
  if (state.claimedBy !== command.userId) return reject('forbidden', USER_MESSAGES.emailOwnedByAnother);
  return [{ type: 'EmailReleased', data: { userId: command.userId } }];
}

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  initialState: { claimedBy: null },
  decide(command, state) {
    switch (command.type) {
      case 'ClaimEmail':
        return claim(command, state);
      case 'ReleaseEmail':
        return release(command, state);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'EmailClaimed':
        return { claimedBy: event.data.userId };
      case 'EmailReleased':
        return { claimedBy: null };
    }
  },
};
