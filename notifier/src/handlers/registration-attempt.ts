import { z } from 'zod';
import { registrationAttemptMail } from '../templates';
import { dataOf, type EventHandler } from './handler';

const schema = z.object({ userId: z.string().min(1), email: z.string().min(3) });

/** A sign-up with the address of a verified account: its owner is told (the domain mails at most hourly). */
export const registrationAttemptHandler: EventHandler = {
  type: 'RegistrationAttempted',
  async handle(event, { mailer, links }) {
    const { email } = dataOf(event, schema);
    await mailer.deliver({ eventId: event.eventId, kind: 'registration-attempt', to: { email }, content: registrationAttemptMail({ signInLink: links.signIn() }) });
  },
};
