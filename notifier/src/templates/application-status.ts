import { icsCalendar, interviewCalendarEvent, interviewSummary, studentFacingStatus, type ApplicationStatus, type InterviewSlot } from '@placement/domain';
import type { MailAttachment, RenderedMail } from '../mail/mailer';
import { readableTime, renderMail } from './layout';
import { jobTitle, type JobSummary } from './job-title';

export interface ApplicationStatusMail {
  name: string;
  status: ApplicationStatus;
  job: JobSummary | undefined;
  link: string;
  /** The slot of a change to Scheduled: the mail names it and carries it as an iCalendar invitation. */
  interview?: InterviewSlot;
}

export const INTERVIEW_ATTACHMENT_NAME = 'interview.ics';

/** The slot as label and value rows of the mail. */
const slotDetails = (interview: InterviewSlot): [string, string][] => [
  ['Date and time', readableTime(interview.startsAt)],
  ['Duration', `${interview.durationMinutes} minutes`],
  ...(interview.location ? [['Place', interview.location] as [string, string]] : []),
  ...(interview.meetingLink ? [['Meeting link', interview.meetingLink] as [string, string]] : []),
];

/** The interview as an .ics attachment (one VEVENT whose UID is the application's, so a later slot replaces it in the calendar). */
export function interviewAttachment(applicationId: string, job: JobSummary | undefined, interview: InterviewSlot, scheduledAt: string): MailAttachment {
  const event = interviewCalendarEvent({ applicationId, jobTitle: job?.profiles ?? 'Interview', companyName: job?.companyName ?? '', interview, scheduledAt });
  const name = job ? interviewSummary(job.profiles, job.companyName) : 'Interview';
  return { filename: INTERVIEW_ATTACHMENT_NAME, content: Buffer.from(icsCalendar({ name, events: [event] }), 'utf8'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}

/** The student reads the status as the portal shows it to them ('Applied' is 'Pending'). */
export function applicationStatusMail({ name, status, job, link, interview }: ApplicationStatusMail): RenderedMail {
  const shown = studentFacingStatus(status);
  const slot = interview
    ? {
        details: slotDetails(interview),
        after: [`The attached ${INTERVIEW_ATTACHMENT_NAME} adds the interview to your calendar.`],
      }
    : {};
  return renderMail(job ? `Application update: ${shown} (${jobTitle(job)})` : `Application update: ${shown}`, {
    name,
    paragraphs: [
      job ? `The status of your application for ${jobTitle(job)} is now: ${shown}.` : `The status of your application is now: ${shown}.`,
      ...(interview ? ['Your interview:'] : []),
    ],
    ...slot,
    action: { label: 'View my applications', url: link },
  });
}
