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

export type ServiceName = keyof typeof LOCAL_STACK.services;
export const SERVICE_NAMES = Object.keys(LOCAL_STACK.services) as ServiceName[];

const pg = LOCAL_STACK.postgres;
export const LOCAL_DEFAULTS = {
  POSTGRES_URL: `postgres://${pg.user}:${pg.password}@${pg.host}:${pg.port}/${pg.database}`,
  KAFKA_BROKERS: `${LOCAL_STACK.kafka.host}:${LOCAL_STACK.kafka.port}`,
  MONGODB_URL: `mongodb://${LOCAL_STACK.ferretdb.host}:${LOCAL_STACK.ferretdb.port}/${LOCAL_STACK.ferretdb.database}`,
  S3_ENDPOINT: `http://${LOCAL_STACK.minio.host}:${LOCAL_STACK.minio.port}`,
  S3_ACCESS_KEY_ID: LOCAL_STACK.minio.accessKey,
  S3_SECRET_ACCESS_KEY: LOCAL_STACK.minio.secretKey,
  S3_BUCKET: LOCAL_STACK.minio.bucket,
  SMTP_HOST: LOCAL_STACK.maildev.host,
  SMTP_PORT: String(LOCAL_STACK.maildev.smtpPort),
  MAILBOX_API_URL: `http://${LOCAL_STACK.maildev.host}:${LOCAL_STACK.maildev.webPort}`,
  PUBLIC_URL: `http://localhost:${LOCAL_STACK.gateway.port}`,
} as const;
