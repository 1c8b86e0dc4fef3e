import { createHash } from 'node:crypto';
import {
  addToDirectory,
  emailClaimDecider,
  emailClaimStreamId,
  normalizeEmail,
  SECURITY_SETTINGS_STREAM,
  securitySettingsDecider,
  userDecider,
  userStreamId,
  USER_EVENT_VERSIONS,
  type AccountDirectory,
  type UserEvent,
  type UserState,
} from '@placement/domain';
import { loadAggregate } from './commands';
import type { EventStore } from './eventstore';
import type { AccountLookup } from './http';

export const emailStreamOf = (email: string): string =>
  emailClaimStreamId(createHash('sha256').update(normalizeEmail(email)).digest('hex'));

/** The account holding an e-mail address, read from its claim stream (the store, not a read model). */
export async function userIdByEmail(store: EventStore, email: string): Promise<string | undefined> {
  const { state: claim } = await loadAggregate(store, emailClaimDecider, emailStreamOf(email));
  return claim.claimedBy ?? undefined;
}

export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return (await loadAggregate(store, userDecider, userStreamId(userId))).state;
}

/** Whether the portal requires a second factor of every admin and staff account (the settings stream, not a read model). */
export async function secondFactorRequired(store: EventStore): Promise<boolean> {
  return (await loadAggregate(store, securitySettingsDecider, SECURITY_SETTINGS_STREAM)).state.secondFactorRequired;
}

/** The live account behind a token: every request sees the current role and status. */
export function accountLookup(store: EventStore): AccountLookup {
  return async (userId) => {
    const user = await loadUser(store, userId);
    if (!user.exists || user.deleted || !user.role || !user.status) return undefined;
    return { role: user.role, status: user.status, verified: user.verified, sessionVersion: user.sessionVersion };
  };
}

const isUserEvent = (type: string): boolean => Object.hasOwn(USER_EVENT_VERSIONS, type);

/**
 * Every live account (e-mail, name, role, status) folded from the whole log, read forward in
 * batches. It reads the source of truth, so it answers while projectors lag or are down; it costs a
 * pass over the log, which suits a command-line tool and a one-time check at start.
 */
export async function readAccountDirectory(store: EventStore, batchSize = 2000): Promise<AccountDirectory> {
  const directory: AccountDirectory = new Map();
  for (let after = 0; ; ) {
    const batch = await store.readAll({ fromPosition: after, maxCount: batchSize });
    for (const event of batch) {
      if (isUserEvent(event.type)) addToDirectory(directory, { type: event.type, data: event.data } as UserEvent);
    }
    if (batch.length < batchSize) return directory;
    after = batch.at(-1)!.position;
  }
}
