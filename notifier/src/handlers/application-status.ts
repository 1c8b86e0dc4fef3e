import { APPLICATION_STATUSES } from '@placement/domain';
import { z } from 'zod';
import { applicationStatusMail, interviewAttachment } from '../templates';
import { dataOf, type EventHandler } from './handler';

const interviewSchema = z.object({ startsAt: z.string(), durationMinutes: z.number(), location: z.string().optional(), meetingLink: z.string().optional() });
const schema = z.object({
  applicationId: z.string().min(1),
  jobId: z.string().min(1),
  studentId: z.string().min(1),
  fullName: z.string(),
  email: z.string().min(3),
  to: z.enum(APPLICATION_STATUSES),
  // Events recorded before interview slots have none.
  interview: interviewSchema.optional(),
});

/**
 * Every status change tells the applicant the new status, singly or in bulk alike, at one of the student's own addresses;
 * a change to Scheduled names the interview slot and attaches it as an iCalendar (.ics) file.
 */
export const applicationStatusHandler: EventHandler = {
  type: 'ApplicationStatusChanged',
  async handle(event, { mailer, links, jobs, applicants, logger, receivedAt }) {
    const { applicationId, jobId, studentId, fullName, email: formEmail, to, interview } = dataOf(event, schema);
    const email = await applicants.of(studentId, formEmail);
    if (!email) return logger.info({ eventId: event.eventId, studentId }, 'application status mail not sent: the account is gone');
    const job = await jobs.summary(jobId, receivedAt);
    const slot = to === 'Scheduled' ? interview : undefined;
    const content = applicationStatusMail({ name: fullName, status: to, job, link: links.myApplications(), interview: slot });
    const attachments = slot ? [interviewAttachment(applicationId, job, slot, event.metadata.occurredAt)] : undefined;
    await mailer.deliver({ eventId: event.eventId, kind: 'application-status', to: { email, name: fullName || undefined }, content, attachments });
  },
};
