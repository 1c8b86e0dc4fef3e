import type { CommonPasswords } from '@placement/domain';
import type { EventStore, Env, Logger, ObjectStore, PasswordHasher, RateCounters } from '@placement/platform';

/** Everything the write side talks to, handed in so tests can run it against the real local stack. */
export interface CommandApiDeps {
  env: Env & { JWT_SECRET: string };
  store: EventStore;
  files: ObjectStore;
  logger: Logger;
  now: () => Date;
  /** The list every new password is checked against (`commonPasswords()` of platform). */
  commonPasswords: CommonPasswords;
  /** Rate limits and login lockouts, shared by every replica (`mongoRateCounters`). */
  rateCounters: RateCounters;
  /** argon2id unless a test counts the checks. */
  passwords?: PasswordHasher;
}
