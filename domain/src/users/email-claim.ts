import type { Decider, DomainEvent } from '../decider';
import { reject } from '../decider';
import { USER_MESSAGES } from './messages';

/**
 * One account per e-mail. The claim lives in its own stream, `user-email-<sha256 of the normalised
 * e-mail>`, and the command side appends to it with the expected revision it read: of two concurrent
 * sign-ups with one address, the store lets exactly one claim through, and the other decides again
 * and is refused. Changing an account's e-mail claims the new address before releasing the old one.
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
}
export interface ReleaseEmail {
  type: 'ReleaseEmail';
  userId: string;
}
export type EmailClaimCommand = ClaimEmail | ReleaseEmail;

export interface EmailClaimState {
  claimedBy: string | null;
}

/** The one spelling of an address that accounts, logins and claims compare. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The claim stream of an address, given the hex SHA-256 of its normalised form (hashing is the caller's). */
export const emailClaimStreamId = (normalizedEmailSha256: string): string => `user-email-${normalizedEmailSha256}`;

/** Claiming again by the owner and releasing an unclaimed address change nothing, so retries are safe. */
function claim(command: ClaimEmail, state: EmailClaimState): EmailClaimEvent[] {
  if (state.claimedBy === command.userId) return [];
  if (state.claimedBy !== null) return reject('conflict', USER_MESSAGES.emailTaken);
  return [{ type: 'EmailClaimed', data: { userId: command.userId } }];
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
