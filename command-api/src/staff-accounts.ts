import { randomUUID } from 'node:crypto';
import {
  Rejection,
  staffAccountSchema,
  staffAccounts,
  type AccountSummary,
  type Actor,
  type CommonPasswords,
  type StaffAccount,
  type StaffAccountInput,
  type StaffRole,
} from '@placement/domain';
import { hashPassword, readAccountDirectory, type EventStore } from '@placement/platform';
import { createAccount } from './accounts';
import type { CommandApiDeps } from './deps';
import type { Invocation } from './execute';

/**
 * Admin and staff accounts made by the portal itself (`npm run admin`, the first-admin bootstrap):
 * the same commands as the admin panel's "create user", with the portal's own actor in the audit history.
 */

export type StaffAccountDeps = Pick<CommandApiDeps, 'store' | 'logger' | 'now' | 'commonPasswords'>;

export interface CreatedStaffAccount {
  userId: string;
  email: string;
  fullName: string;
  role: StaffRole;
  /** Global position of the account's creation. */
  position: number;
}

/** Checks an account's fields and password; refuses with an 'invalid' Rejection naming every problem. */
export function parseStaffAccount(input: StaffAccountInput, commonPasswords: CommonPasswords): StaffAccount {
  const result = staffAccountSchema(commonPasswords).safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
  throw new Rejection('invalid', errors[0]!.message, errors);
}

/** The portal acting as `actor` (no account), under a correlation id of its own. */
export const portalInvocation = (deps: Pick<CommandApiDeps, 'now'>, actor: Actor): Invocation => ({
  context: { now: deps.now(), actor },
  causation: { correlationId: randomUUID(), causationId: null },
});

/**
 * Makes a verified, active admin or staff account. Refused (nothing written) when a field or the
 * password breaks the policy, or when the address already has an account.
 */
export async function createStaffAccount(deps: StaffAccountDeps, actor: Actor, input: StaffAccountInput, userId: string = randomUUID()): Promise<CreatedStaffAccount> {
  const { password, ...account } = parseStaffAccount(input, deps.commonPasswords);
  const passwordHash = await hashPassword(password);
  const outcome = await createAccount(deps, portalInvocation(deps, actor), { userId, passwordHash, ...account, mobileNo: null, rollNo: null, status: 'active' });
  return { userId, ...account, position: outcome.position };
}

/** The admin and staff accounts, admins first, from the event store. */
export async function listStaffAccounts(store: EventStore): Promise<AccountSummary[]> {
  return staffAccounts(await readAccountDirectory(store));
}
