import { z } from 'zod';
import { applicationSubmittedMail } from '../templates';
import { dataOf, type EventHandler } from './handler';

const schema = z.object({ applicationId: z.string().min(1), jobId: z.string().min(1), fullName: z.string(), email: z.string().min(3) });

/** A confirmation to the applicant, at the address given on the application form. */
export const applicationSubmittedHandler: EventHandler = {
  type: 'ApplicationSubmitted',
  async handle(event, { mailer, links, jobs }) {
    const { jobId, fullName, email } = dataOf(event, schema);
    const content = applicationSubmittedMail({ name: fullName, job: await jobs.summary(jobId), link: links.myApplications() });
    await mailer.deliver({ eventId: event.eventId, kind: 'application-submitted', to: { email, name: fullName || undefined }, content });
  },
};
