import type { RenderedMail } from '../mail/mailer';
import { readableTime, renderMail } from './layout';

export interface VerificationMail {
  link: string;
  /** ISO instant. */
  expiresAt: string;
}

/** Sent at sign-up and on every resend; each link works until one of them is used or it expires. */
export function verificationMail({ link, expiresAt }: VerificationMail): RenderedMail {
  return renderMail('Verify your email address for the Placement Portal', {
    paragraphs: [
      'Welcome to the Placement Portal of the Career Development Centre. Please confirm your email address to activate your account.',
    ],
    action: { label: 'Verify email address', url: link },
    after: [`This link works once and expires on ${readableTime(expiresAt)}. Links sent to you earlier keep working until one of them is used.`, 'If you did not sign up, you can ignore this email.'],
  });
}
