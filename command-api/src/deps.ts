import type { EventStore, Env, Logger, ObjectStore } from '@placement/platform';

/** Everything the write side talks to, handed in so tests can run it against the real local stack. */
export interface CommandApiDeps {
  env: Env & { JWT_SECRET: string };
  store: EventStore;
  files: ObjectStore;
  logger: Logger;
  now: () => Date;
}
