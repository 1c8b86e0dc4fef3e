import { verificationToken } from '@placement/platform';
import { z } from 'zod';
import { verificationMail } from '../templates';
import { dataOf, type EventHandler } from './handler';

const schema = z.object({ userId: z.string().min(1), email: z.string().min(3), expiresAt: z.iso.datetime({ offset: true }) });

/**
 * Registration and every resend issue a token; the link's token is rebuilt from the user id, the
 * expiry and the shared secret (the event holds only its hash), so it matches what the command side checks.
 */
export const verificationHandler: EventHandler = {
  type: 'VerificationTokenIssued',
  async handle(event, { mailer, links, secret }) {
    const { userId, email, expiresAt } = dataOf(event, schema);
    const link = links.verifyEmail(verificationToken(secret, userId, expiresAt));
    await mailer.deliver({ eventId: event.eventId, kind: 'verification', to: { email }, content: verificationMail({ link, expiresAt }) });
  },
};
