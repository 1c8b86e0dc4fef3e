import type { Decider, DomainEvent } from '../decider';
import { normalizeEmail } from './email-claim';

/**
 * The first admin of a deployment (BOOTSTRAP_ADMIN_EMAIL). Every command-api replica asks at start;
 * the answer is settled once, in one deterministic stream appended with expected revision 'no stream',
 * so of two replicas starting at once the event store lets exactly one decision through and the other
 * decides again on it. The decision is either the account to make (its id chosen by the winner, so a
 * replica that finds the decision and no account yet makes that same account: one admin, whoever
 * finishes) or that an admin already existed, after which nothing is ever made.
 */

export const FIRST_ADMIN_STREAM_ID = 'bootstrap-admin';

export type FirstAdminChosen = DomainEvent<'FirstAdminChosen', { userId: string; email: string; fullName: string }>;
/** An admin existed when the first replica asked: the bootstrap makes nothing, now or later. */
export type FirstAdminNotNeeded = DomainEvent<'FirstAdminNotNeeded', { existingAdminId: string }>;
export type FirstAdminEvent = FirstAdminChosen | FirstAdminNotNeeded;

export const FIRST_ADMIN_EVENT_VERSIONS = {
  FirstAdminChosen: 1,
  FirstAdminNotNeeded: 1,
} as const satisfies Record<FirstAdminEvent['type'], number>;

/** `existingAdminId` is what the caller found in the event store: a live admin account, or null. */
export interface SettleFirstAdmin {
  type: 'SettleFirstAdmin';
  userId: string;
  email: string;
  fullName: string;
  existingAdminId: string | null;
}

export type FirstAdminState =
  | { settled: false }
  | { settled: true; outcome: 'chosen'; userId: string; email: string; fullName: string }
  | { settled: true; outcome: 'not-needed'; existingAdminId: string };

/** Once settled, asking again changes nothing: the first answer stands. */
function settle(command: SettleFirstAdmin, state: FirstAdminState): FirstAdminEvent[] {
  if (state.settled) return [];
  if (command.existingAdminId !== null) return [{ type: 'FirstAdminNotNeeded', data: { existingAdminId: command.existingAdminId } }];
  return [{ type: 'FirstAdminChosen', data: { userId: command.userId, email: normalizeEmail(command.email), fullName: command.fullName } }];
}

export const firstAdminDecider: Decider<SettleFirstAdmin, FirstAdminEvent, FirstAdminState> = {
  initialState: { settled: false },
  decide: (command, state) => settle(command, state),
  evolve(state, event) {
    if (state.settled) return state;
    switch (event.type) {
      case 'FirstAdminChosen':
        return { settled: true, outcome: 'chosen', ...event.data };
      case 'FirstAdminNotNeeded':
        return { settled: true, outcome: 'not-needed', existingAdminId: event.data.existingAdminId };
    }
  },
};
