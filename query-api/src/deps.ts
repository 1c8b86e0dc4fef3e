import type { Db } from 'mongodb';
import type { EventStore, Env, Logger, ObjectStore } from '@placement/platform';

/** Everything the read side talks to, handed in so tests can run it against the real local stack. */
export interface QueryApiDeps {
  env: Env & { JWT_SECRET: string };
  db: Db;
  store: EventStore;
  files: ObjectStore;
  logger: Logger;
  now: () => Date;
}
