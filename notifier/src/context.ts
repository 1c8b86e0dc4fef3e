import type { Db, Env, EventStore, Kafka, Logger, ObjectStore, Transporter } from '@placement/platform';
import type { NotifierSettings } from './settings';

/** Everything the notifier talks to, handed in so tests run it against the real local stack. */
export interface NotifierDeps {
  env: Env & { JWT_SECRET: string };
  settings: NotifierSettings;
  store: EventStore;
  db: Db;
  kafka: Kafka;
  transport: Transporter;
  files: ObjectStore;
  logger: Logger;
  /** This process, in leases and sent-log claims. */
  instanceId: string;
}
