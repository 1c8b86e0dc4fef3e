import type { Role, UserStatus } from '../constants';
import type { UserEvent } from './events';

/**
 * Every live account's e-mail, name, role and status, folded from the user streams' events in log
 * order: what the command line lists (`npm run admin -- list`) and how the first-admin bootstrap
 * learns whether an admin exists, both from the event store rather than a read model that may lag.
 */

export interface AccountSummary {
  userId: string;
  email: string;
  fullName: string;
  role: Role;
  status: UserStatus;
}

/** Live accounts by id; a deleted account leaves it. */
export type AccountDirectory = Map<string, AccountSummary>;

/**
 * Adds one event to `directory` (which the caller owns and may keep folding into, batch after batch
 * of a long log) and returns it. Events that do not touch these fields change nothing.
 */
export function addToDirectory(directory: AccountDirectory, event: UserEvent): AccountDirectory {
  const { userId } = event.data;
  const account = directory.get(userId);
  switch (event.type) {
    case 'UserRegistered':
    case 'UserCreatedByAdmin': {
      const { email, fullName, role, status } = event.data;
      directory.set(userId, { userId, email, fullName, role, status });
      break;
    }
    case 'UserDetailsChanged':
      if (account) directory.set(userId, { ...account, ...pick(event.data.after) });
      break;
    case 'UserRoleChanged':
      if (account) directory.set(userId, { ...account, role: event.data.to });
      break;
    case 'UserStatusChanged':
      if (account) directory.set(userId, { ...account, status: event.data.to });
      break;
    case 'UserDeleted':
      directory.delete(userId);
      break;
    case 'VerificationTokenIssued':
    case 'EmailVerified':
    case 'StudentProfileUpdated':
    case 'RegistrationAttempted':
    case 'PasswordResetRequested':
    case 'PasswordReset':
    case 'PasswordChanged':
      break;
  }
  return directory;
}

const pick = (after: Partial<{ email: string; fullName: string }>): Partial<AccountSummary> => ({
  ...(after.email === undefined ? {} : { email: after.email }),
  ...(after.fullName === undefined ? {} : { fullName: after.fullName }),
});

const ROLE_ORDER: Record<Role, number> = { admin: 0, staff: 1, student: 2 };

/** Admin and staff accounts, admins first, each role by e-mail. */
export const staffAccounts = (directory: AccountDirectory): AccountSummary[] =>
  [...directory.values()]
    .filter((account) => account.role !== 'student')
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.email.localeCompare(b.email));

/** A live admin account of any status, if there is one (the one made first). */
export const someAdmin = (directory: AccountDirectory): AccountSummary | undefined => [...directory.values()].find((account) => account.role === 'admin');
