/**
 * Addresses of the servers that `npm start` runs natively on loopback. Services default to these,
 * and infra/local starts the servers on them, so the two can never drift apart.
 * Ports sit outside the usual defaults so a developer's own PostgreSQL or Kafka is left alone.
 */
export const LOCAL_STACK = {
  postgres: { host: '127.0.0.1', port: 55432, user: 'placement', password: 'placement', database: 'placement' },
  kafka: { host: '127.0.0.1', port: 59092, controllerPort: 59093 },
  ferretdb: { host: '127.0.0.1', port: 57017, database: 'placement', postgresDatabase: 'ferretdb' },
  minio: { host: '127.0.0.1', port: 59000, consolePort: 59001, accessKey: 'placement', secretKey: 'placement-secret', bucket: 'placement-files' },
  maildev: { host: '127.0.0.1', smtpPort: 51025, webPort: 51080 },
  gateway: { host: '127.0.0.1', port: 8080 },
  services: {
    'command-api': 4001,
    'query-api': 4002,
    'ats-engine': 4003,
    projectors: 4004,
    notifier: 4005,
  },
} as const;

/**
 * Connections each process keeps to the local FerretDB (the driver's default is 100). FerretDB 1.24
 * stops answering when its own pool of PostgreSQL connections is all taken by waiting requests
 * (infra/local/servers/ferretdb.ts); a handful per process is all its two-core server can use anyway.
 */
export const LOCAL_MONGO_POOL_SIZE = 8;

export type ServiceName = keyof typeof LOCAL_STACK.services;
export const SERVICE_NAMES = Object.keys(LOCAL_STACK.services) as ServiceName[];

type Widened<T> = T extends string ? string : T extends number ? number : { -readonly [K in keyof T]: Widened<T[K]> };

/**
 * The servers' addresses and credentials in LOCAL_STACK's shape, with any values: `npm start` runs
 * LOCAL_STACK, and the fault tests run a second copy of the servers on ports of their own.
 */
export type StackServers = Widened<Pick<typeof LOCAL_STACK, 'postgres' | 'kafka' | 'ferretdb' | 'minio' | 'maildev'>>;

/** The variables that point a service at these servers. */
export function serverVariables(servers: StackServers) {
  const { postgres: pg, kafka, ferretdb, minio, maildev } = servers;
  return {
    POSTGRES_URL: `postgres://${pg.user}:${pg.password}@${pg.host}:${pg.port}/${pg.database}`,
    KAFKA_BROKERS: `${kafka.host}:${kafka.port}`,
    MONGODB_URL: `mongodb://${ferretdb.host}:${ferretdb.port}/${ferretdb.database}?maxPoolSize=${LOCAL_MONGO_POOL_SIZE}`,
    S3_ENDPOINT: `http://${minio.host}:${minio.port}`,
    S3_ACCESS_KEY_ID: minio.accessKey,
    S3_SECRET_ACCESS_KEY: minio.secretKey,
    S3_BUCKET: minio.bucket,
    SMTP_HOST: maildev.host,
    SMTP_PORT: String(maildev.smtpPort),
    MAILBOX_API_URL: `http://${maildev.host}:${maildev.webPort}`,
  };
}

export const LOCAL_DEFAULTS = {
  ...serverVariables(LOCAL_STACK),
  PUBLIC_URL: `http://localhost:${LOCAL_STACK.gateway.port}`,
} as const;
