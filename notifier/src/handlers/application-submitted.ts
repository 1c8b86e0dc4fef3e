import { z } from 'zod';
import { applicationSubmittedMail } from '../templates';
import { dataOf, type EventHandler } from './handler';

const schema = z.object({ applicationId: z.string().min(1), jobId: z.string().min(1), studentId: z.string().min(1), fullName: z.string(), email: z.string().min(3) });

/**
 * A confirmation to the applicant: at the address given on the form when it is one of the student's
 * own, else at the account's (ApplicantAddresses); nobody when the account is gone.
 */
export const applicationSubmittedHandler: EventHandler = {
  type: 'ApplicationSubmitted',
  async handle(event, { mailer, links, jobs, applicants, logger, receivedAt }) {
    const { jobId, studentId, fullName, email: formEmail } = dataOf(event, schema);
    const email = await applicants.of(studentId, formEmail);
    if (!email) return logger.info({ eventId: event.eventId, studentId }, 'application confirmation not sent: the account is gone');
    const content = applicationSubmittedMail({ name: fullName, job: await jobs.summary(jobId, receivedAt), link: links.myApplications() });
    await mailer.deliver({ eventId: event.eventId, kind: 'application-submitted', to: { email, name: fullName || undefined }, content });
  },
};
