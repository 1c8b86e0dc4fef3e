import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { LOCAL_DEFAULTS, LOCAL_STACK, type ServiceName } from './local-stack';

const csv = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
  .pipe(z.array(z.string()).min(1));
const port = z.coerce.number().int().min(1).max(65535);
const bytes = z.coerce.number().int().positive();
const url = z.url();

/** Every setting of every service: URLs, secrets and limits, with local-stack defaults. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: port.optional(),
  /**
   * The address a service listens on: loopback by default, so that on a developer's machine only the
   * gateway (and the machine itself) reaches the services; containers set 0.0.0.0 (docker-compose).
   */
  HOST: z.union([z.ipv4(), z.ipv6(), z.string().regex(/^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/, 'must be an IP address or a host name')]).default('127.0.0.1'),
  PUBLIC_URL: url.default(LOCAL_DEFAULTS.PUBLIC_URL),

  EVENTSTORE_CONNECTION_STRING: z.string().startsWith('esdb').optional(),
  POSTGRES_URL: z.string().startsWith('postgres').default(LOCAL_DEFAULTS.POSTGRES_URL),
  /** The event store's PostgreSQL schema (default eventstore); tests and benchmarks use one of their own. */
  POSTGRES_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,47}$/, 'must be a lower-case PostgreSQL identifier of at most 48 characters').optional(),
  KAFKA_BROKERS: csv.default([LOCAL_DEFAULTS.KAFKA_BROKERS]),
  KAFKA_CLIENT_ID: z.string().min(1).default('placement-portal'),
  /** Put before every topic and consumer-group name, so tests and benchmarks never meet the stack's. */
  KAFKA_TOPIC_PREFIX: z.string().regex(/^[a-zA-Z0-9._-]*$/, 'letters, digits, dots, dashes and underscores only').default(''),
  /** Partitions of each topic the relay creates: the most notifier replicas that share the work. */
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
  MONGODB_URL: z.string().startsWith('mongodb').default(LOCAL_DEFAULTS.MONGODB_URL),
  S3_ENDPOINT: url.default(LOCAL_DEFAULTS.S3_ENDPOINT),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).default(LOCAL_DEFAULTS.S3_ACCESS_KEY_ID),
  S3_SECRET_ACCESS_KEY: z.string().min(8).default(LOCAL_DEFAULTS.S3_SECRET_ACCESS_KEY),
  S3_BUCKET: z.string().min(3).default(LOCAL_DEFAULTS.S3_BUCKET),
  SMTP_HOST: z.string().min(1).default(LOCAL_DEFAULTS.SMTP_HOST),
  SMTP_PORT: port.default(Number(LOCAL_DEFAULTS.SMTP_PORT)),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: z.stringbool().default(false),
  MAIL_FROM: z.string().min(3).default('Placement Portal <placement@cdc.university.edu>'),
  MAILBOX_API_URL: url.default(LOCAL_DEFAULTS.MAILBOX_API_URL),

  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** A file holding the secret (a Compose secret, or the local stack's `.local/secrets/jwt-secret`). */
  JWT_SECRET_FILE: z.string().min(1).optional(),
  JWT_EXPIRES_IN: z.string().regex(/^\d+[smhd]$/, 'must look like 15m, 8h or 7d').default('8h'),
  ALLOWED_EMAIL_DOMAINS: csv.default(['university.edu', 'gmail.com']),
  MAX_RESUME_BYTES: bytes.default(5 * 1024 * 1024),
  MAX_IMAGE_BYTES: bytes.default(2 * 1024 * 1024),
  MAX_ATTACHMENT_BYTES: bytes.default(10 * 1024 * 1024),
  LOGIN_ATTEMPTS_PER_15_MINUTES: z.coerce.number().int().positive().default(20),
  PUBLIC_SUBMISSIONS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** How long the lease of a projection or the relay lasts unrenewed: a dead holder's work moves to another process after at most this. */
  LEASE_TTL_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** The query-api's cache of list and dashboard answers keyed by the read models' positions, in MiB; 0 turns it off (no ETag, no 304, every request queries). */
  QUERY_ANSWER_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /**
   * How old the oldest event a working projection has not applied may be before command-api holds new
   * commands, in ms (ReadSidePace); 0 never holds.
   */
  COMMAND_READ_SIDE_BUDGET_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** Longest command-api holds one command for the read side, in milliseconds. */
  COMMAND_READ_SIDE_MAX_HOLD_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  ATS_ENGINE_URL: url.default(`http://127.0.0.1:${LOCAL_STACK.services['ats-engine']}`),
  COMMAND_API_URL: url.default(`http://127.0.0.1:${LOCAL_STACK.services['command-api']}`),
  QUERY_API_URL: url.default(`http://127.0.0.1:${LOCAL_STACK.services['query-api']}`),
  PROJECTORS_URL: url.default(`http://127.0.0.1:${LOCAL_STACK.services.projectors}`),
  NOTIFIER_URL: url.default(`http://127.0.0.1:${LOCAL_STACK.services.notifier}`),

  /** The first admin, made by command-api at start while no admin exists (a Compose deployment; see first-admin.ts). */
  BOOTSTRAP_ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  /** A file holding that admin's password (a Compose secret); its trailing line break is not part of it. */
  BOOTSTRAP_ADMIN_PASSWORD_FILE: z.string().min(1).optional(),
  BOOTSTRAP_ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
}).superRefine((env, context) => {
  // One without the other is a half-configured first admin: refused rather than ignored.
  if (env.BOOTSTRAP_ADMIN_EMAIL !== undefined && env.BOOTSTRAP_ADMIN_PASSWORD_FILE === undefined) {
    context.addIssue({ code: 'custom', path: ['BOOTSTRAP_ADMIN_PASSWORD_FILE'], message: 'is required with BOOTSTRAP_ADMIN_EMAIL (a file holding the first admin\'s password)' });
  }
  if (env.BOOTSTRAP_ADMIN_PASSWORD_FILE !== undefined && env.BOOTSTRAP_ADMIN_EMAIL === undefined) {
    context.addIssue({ code: 'custom', path: ['BOOTSTRAP_ADMIN_EMAIL'], message: 'is required with BOOTSTRAP_ADMIN_PASSWORD_FILE (the first admin\'s e-mail address)' });
  }
});

export type Env = z.infer<typeof envSchema>;

/**
 * Secrets that were public at some time (this repository's history held them as defaults): a service
 * refuses them, so nobody can sign a token that a running portal accepts by reading our code.
 */
const PUBLIC_JWT_SECRETS: ReadonlySet<string> = new Set(['local-development-secret-not-for-production-use']);

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable}: ${p.message}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment; throws a ConfigError that names every bad variable. Services
 * that sign or check tokens need the JWT secret; tools that only reach the servers (projectors, the
 * rebuild command, benchmarks of the stores) say `{ jwtSecret: false }`.
 */
export function loadEnv(source?: NodeJS.ProcessEnv): Env & { JWT_SECRET: string };
export function loadEnv(source: NodeJS.ProcessEnv, options: { jwtSecret: false }): Env;
export function loadEnv(source: NodeJS.ProcessEnv = process.env, options: { jwtSecret?: false } = {}): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '?'), message: issue.message })),
    );
  }
  const env = parsed.data;
  return options.jwtSecret === false ? env : { ...env, JWT_SECRET: jwtSecretOf(env) };
}

/**
 * The token-signing secret: JWT_SECRET, else the content of JWT_SECRET_FILE. There is no default in
 * any mode: `npm start` makes a random one on first run, Compose passes the operator's, and the test
 * suite makes one per run (tests/support/ephemeral-secret.ts).
 */
function jwtSecretOf(env: Env): string {
  const fail = (variable: string, message: string) => new ConfigError([{ variable, message }]);
  let secret = env.JWT_SECRET;
  if (secret === undefined && env.JWT_SECRET_FILE !== undefined) {
    try {
      secret = readFileSync(env.JWT_SECRET_FILE, 'utf8').trim();
    } catch (error) {
      throw fail('JWT_SECRET_FILE', `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    if (secret.length < 32) throw fail('JWT_SECRET_FILE', 'must hold a secret of at least 32 characters');
  }
  if (secret === undefined) throw fail('JWT_SECRET', 'is required (at least 32 characters), or JWT_SECRET_FILE naming a file that holds it');
  if (PUBLIC_JWT_SECRETS.has(secret)) throw fail(env.JWT_SECRET === undefined ? 'JWT_SECRET_FILE' : 'JWT_SECRET', 'is a published secret; generate your own (openssl rand -hex 32)');
  return secret;
}

/** The port a service listens on: PORT when set, else its local-stack port. */
export function servicePort(env: Env, service: ServiceName): number {
  return env.PORT ?? LOCAL_STACK.services[service];
}
