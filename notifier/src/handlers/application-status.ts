import { APPLICATION_STATUSES } from '@placement/domain';
import { z } from 'zod';
import { applicationStatusMail } from '../templates';
import { dataOf, type EventHandler } from './handler';

const schema = z.object({ applicationId: z.string().min(1), jobId: z.string().min(1), studentId: z.string().min(1), fullName: z.string(), email: z.string().min(3), to: z.enum(APPLICATION_STATUSES) });

/** Every status change tells the applicant the new status, singly or in bulk alike, at one of the student's own addresses. */
export const applicationStatusHandler: EventHandler = {
  type: 'ApplicationStatusChanged',
  async handle(event, { mailer, links, jobs, applicants, logger }) {
    const { jobId, studentId, fullName, email: formEmail, to } = dataOf(event, schema);
    const email = await applicants.of(studentId, formEmail);
    if (!email) return logger.info({ eventId: event.eventId, studentId }, 'application status mail not sent: the account is gone');
    const content = applicationStatusMail({ name: fullName, status: to, job: await jobs.summary(jobId), link: links.myApplications() });
    await mailer.deliver({ eventId: event.eventId, kind: 'application-status', to: { email, name: fullName || undefined }, content });
  },
};
