import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  FIRST_ADMIN_EVENT_VERSIONS,
  FIRST_ADMIN_STREAM_ID,
  SYSTEM_ACTORS,
  USER_MESSAGES,
  firstAdminDecider,
  isRejection,
  someAdmin,
  type FirstAdminState,
} from '@placement/domain';
import { ConfigError, loadUser, readAccountDirectory, loadAggregate, userIdByEmail, type Env, type EventStore } from '@placement/platform';
import { run } from './execute';
import { createStaffAccount, parseStaffAccount, portalInvocation, type StaffAccountDeps } from './staff-accounts';

/**
 * The first admin of a deployment, made when command-api starts with BOOTSTRAP_ADMIN_EMAIL and
 * BOOTSTRAP_ADMIN_PASSWORD_FILE set, only while no admin exists. Whether to make one, and which account,
 * is settled once in the `bootstrap-admin` stream: of replicas starting at once, the event store's
 * expected-revision check lets one decision through, and every replica then makes that one account
 * (its id is in the decision), which the account stream's own check lets exist once.
 */

export interface FirstAdminSettings {
  email: string;
  fullName: string;
  /** Read only when an account is to be made (the secret may be gone once the first admin exists). */
  readPassword: () => Promise<string>;
}

export type FirstAdminOutcome =
  | { outcome: 'created'; userId: string; email: string }
  /** Made earlier, by this replica's predecessor or by another replica. */
  | { outcome: 'exists'; userId: string; email: string }
  /** An admin existed when the question was first settled: nothing is made, now or later. */
  | { outcome: 'not-needed'; existingAdminId: string }
  /**
   * The chosen address was free when it was chosen and has since become another account's (a sign-up
   * in between): start-up goes on without the account, which `npm run admin -- create` can then make.
   */
  | { outcome: 'address-taken'; userId: string; email: string };

type Settled = Extract<FirstAdminState, { settled: true }>;

async function readDecision(store: EventStore): Promise<FirstAdminState> {
  return (await loadAggregate(store, firstAdminDecider, FIRST_ADMIN_STREAM_ID)).state;
}

/** Refusals of the settings as configuration errors naming the variable to fix. */
function asConfigError(error: unknown): unknown {
  if (!isRejection(error)) return error;
  const variableOf = (field: string) => (field === 'password' ? 'BOOTSTRAP_ADMIN_PASSWORD_FILE' : field === 'fullName' ? 'BOOTSTRAP_ADMIN_NAME' : 'BOOTSTRAP_ADMIN_EMAIL');
  const problems = error.errors?.map(({ field, message }) => ({ variable: variableOf(field), message })) ?? [{ variable: 'BOOTSTRAP_ADMIN_EMAIL', message: error.message }];
  return new ConfigError(problems);
}

/**
 * Before choosing to make an account: the settings pass the account rules and the address is free.
 * A misconfigured bootstrap therefore writes nothing, and the next start with a fixed setting decides afresh.
 */
async function checkSettings(deps: StaffAccountDeps, settings: FirstAdminSettings, password: string): Promise<void> {
  parseStaffAccount({ email: settings.email, fullName: settings.fullName, role: 'admin', password }, deps.commonPasswords);
  if ((await userIdByEmail(deps.store, settings.email)) !== undefined) throw new ConfigError([{ variable: 'BOOTSTRAP_ADMIN_EMAIL', message: `${USER_MESSAGES.emailTaken} Choose another address, or make the first admin with npm run admin -- create.` }]);
}

async function settle(deps: StaffAccountDeps, settings: FirstAdminSettings, password: () => Promise<string>): Promise<Settled> {
  const current = await readDecision(deps.store);
  if (current.settled) return current;
  const admin = someAdmin(await readAccountDirectory(deps.store));
  if (!admin) await checkSettings(deps, settings, await password());
  await run(deps.store, portalInvocation(deps, SYSTEM_ACTORS.bootstrap), {
    streamId: FIRST_ADMIN_STREAM_ID,
    decider: firstAdminDecider,
    versions: FIRST_ADMIN_EVENT_VERSIONS,
    command: { type: 'SettleFirstAdmin', userId: randomUUID(), email: settings.email, fullName: settings.fullName, existingAdminId: admin?.userId ?? null },
  });
  const settled = await readDecision(deps.store);
  if (!settled.settled) throw new Error(`the ${FIRST_ADMIN_STREAM_ID} stream holds no decision after one was appended`);
  return settled;
}

/** Makes the first admin if the settled decision says so and it does not exist yet. Safe to run on every replica at once. */
export async function bootstrapFirstAdmin(deps: StaffAccountDeps, settings: FirstAdminSettings): Promise<FirstAdminOutcome> {
  let passwordRead: Promise<string> | undefined;
  const password = () => (passwordRead ??= settings.readPassword());
  try {
    const decision = await settle(deps, settings, password);
    if (decision.outcome === 'not-needed') return { outcome: 'not-needed', existingAdminId: decision.existingAdminId };
    const { userId, email, fullName } = decision;
    const exists = async () => (await loadUser(deps.store, userId)).exists;
    if (await exists()) return { outcome: 'exists', userId, email };
    try {
      await createStaffAccount(deps, SYSTEM_ACTORS.bootstrap, { email, fullName, role: 'admin', password: await password() }, userId);
      return { outcome: 'created', userId, email };
    } catch (error) {
      if (!isRejection(error) || error.kind !== 'conflict') throw error;
      // Another replica made this very account a moment ago, or another account holds the address.
      if (await exists()) return { outcome: 'exists', userId, email };
      if ((await userIdByEmail(deps.store, email)) !== userId) return { outcome: 'address-taken', userId, email };
      throw error;
    }
  } catch (error) {
    throw asConfigError(error);
  }
}

/**
 * A password file as an operator writes it (`echo secret > file` adds a line break): the trailing line
 * break is not part of the password; nothing else is removed.
 */
export async function readPasswordFile(path: string): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).replace(/\r?\n$/, '');
  } catch (error) {
    throw new ConfigError([{ variable: 'BOOTSTRAP_ADMIN_PASSWORD_FILE', message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` }]);
  }
}

/** What command-api runs at start: nothing unless BOOTSTRAP_ADMIN_EMAIL is set; the outcome is logged. */
export async function bootstrapFirstAdminFromEnv(
  deps: StaffAccountDeps,
  env: Pick<Env, 'BOOTSTRAP_ADMIN_EMAIL' | 'BOOTSTRAP_ADMIN_PASSWORD_FILE' | 'BOOTSTRAP_ADMIN_NAME'>,
): Promise<FirstAdminOutcome | undefined> {
  const { BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD_FILE: file, BOOTSTRAP_ADMIN_NAME: fullName } = env;
  if (email === undefined || file === undefined) return undefined;
  const outcome = await bootstrapFirstAdmin(deps, { email, fullName, readPassword: () => readPasswordFile(file) });
  switch (outcome.outcome) {
    case 'not-needed':
      deps.logger.info({ existingAdminId: outcome.existingAdminId }, 'first admin not needed: an admin exists');
      break;
    case 'address-taken':
      deps.logger.error({ email: outcome.email }, 'first admin not made: another account took its address; make one with npm run admin -- create');
      break;
    default:
      deps.logger.info({ userId: outcome.userId, email: outcome.email }, outcome.outcome === 'created' ? 'first admin made' : 'first admin exists');
  }
  return outcome;
}
