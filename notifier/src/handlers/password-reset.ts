import { passwordResetToken } from '@placement/platform';
import { z } from 'zod';
import { passwordResetMail } from '../templates';
import { dataOf, type EventHandler } from './handler';

const schema = z.object({ userId: z.string().min(1), email: z.string().min(3), expiresAt: z.iso.datetime({ offset: true }) });

/**
 * 'Forgot password?' for an account: the link's token is rebuilt from the user id, the expiry and the
 * shared secret (the event holds only its hash), as the command side checks it.
 */
export const passwordResetHandler: EventHandler = {
  type: 'PasswordResetRequested',
  async handle(event, { mailer, links, secret }) {
    const { userId, email, expiresAt } = dataOf(event, schema);
    const link = links.resetPassword(passwordResetToken(secret, userId, expiresAt));
    await mailer.deliver({ eventId: event.eventId, kind: 'password-reset', to: { email }, content: passwordResetMail({ link, expiresAt }) });
  },
};
