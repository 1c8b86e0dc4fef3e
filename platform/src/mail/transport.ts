import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../config';

export type { SendMailOptions, Transporter } from 'nodemailer';

type SmtpEnv = Pick<Env, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'SMTP_SECURE'>;

/** A pooled SMTP transport; the notifier is its only sender. */
export function createMailTransport(env: SmtpEnv): Transporter {
  return nodemailer.createTransport({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    pool: true,
    maxConnections: 4,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
    tls: { rejectUnauthorized: env.SMTP_SECURE },
    // nodemailer's defaults wait two minutes for a connection and ten for a silent socket; a send to a
    // server that is down fails within seconds and goes to the retry topic.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
}

/** Readiness: the SMTP server greets us and accepts a connection. */
export async function pingSmtp(transport: Transporter): Promise<void> {
  await transport.verify();
}
