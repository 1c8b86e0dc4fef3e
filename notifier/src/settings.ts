import { z } from 'zod';

/** The notifier's own variables, beside the shared envSchema. */
export const notifierSettingsSchema = z.object({
  /** Mails per second into SMTP, per notifier process. */
  NOTIFIER_MAILS_PER_SECOND: z.coerce.number().positive().default(100),
  /** SMTP sends in flight per process. */
  NOTIFIER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** Tries per mail before it goes to the dead-letter topic. */
  NOTIFIER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Wait before the second try; each further try waits three times longer (capped at an hour). */
  NOTIFIER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(10_000),
  /** How long a claimed chunk of a bulk send stays with its process without a renewal. */
  NOTIFIER_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  /** How often the dispatcher looks for due bulk sends (scheduled campaigns). */
  NOTIFIER_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Recipients per chunk of a bulk send: the unit a process claims. */
  NOTIFIER_CHUNK_SIZE: z.coerce.number().int().min(1).max(10_000).default(100),
  /**
   * A MailDev-compatible REST API of the SMTP server, asked by Message-ID about mails a crash left in
   * doubt; without it such mails are sent again (same Message-ID) and counted.
   */
  NOTIFIER_DELIVERY_LOG_URL: z.url().optional(),
  /** How long a job announcement waits for the recipient directory to catch up with the users topic. */
  NOTIFIER_DIRECTORY_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
});

export interface NotifierSettings {
  mailsPerSecond: number;
  concurrency: number;
  maxAttempts: number;
  retryBaseMs: number;
  leaseMs: number;
  pollMs: number;
  chunkSize: number;
  directoryWaitMs: number;
  deliveryLogUrl: string | undefined;
}

export function notifierSettings(source: NodeJS.ProcessEnv = process.env): NotifierSettings {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const s = notifierSettingsSchema.parse(cleaned);
  return {
    mailsPerSecond: s.NOTIFIER_MAILS_PER_SECOND,
    concurrency: s.NOTIFIER_CONCURRENCY,
    maxAttempts: s.NOTIFIER_MAX_ATTEMPTS,
    retryBaseMs: s.NOTIFIER_RETRY_BASE_MS,
    leaseMs: s.NOTIFIER_LEASE_MS,
    pollMs: s.NOTIFIER_POLL_MS,
    chunkSize: s.NOTIFIER_CHUNK_SIZE,
    directoryWaitMs: s.NOTIFIER_DIRECTORY_WAIT_MS,
    deliveryLogUrl: s.NOTIFIER_DELIVERY_LOG_URL,
  };
}
