import type { Db } from 'mongodb';
import type { EventStore, Env, Kafka, Logger, ObjectStore } from '@placement/platform';

/** Everything the read side talks to, handed in so tests can run it against the real local stack. */
export interface QueryApiDeps {
  env: Env & { JWT_SECRET: string };
  db: Db;
  store: EventStore;
  files: ObjectStore;
  /** Only the system status asks Kafka (its admin connects per request). */
  kafka: Kafka;
  logger: Logger;
  now: () => Date;
}
