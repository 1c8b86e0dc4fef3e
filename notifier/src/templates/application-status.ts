import { studentFacingStatus, type ApplicationStatus } from '@placement/domain';
import type { RenderedMail } from '../mail/mailer';
import { renderMail } from './layout';
import { jobTitle, type JobSummary } from './job-title';

export interface ApplicationStatusMail {
  name: string;
  status: ApplicationStatus;
  job: JobSummary | undefined;
  link: string;
}

/** The student reads the status as the portal shows it to them ('Applied' is 'Pending'). */
export function applicationStatusMail({ name, status, job, link }: ApplicationStatusMail): RenderedMail {
  const shown = studentFacingStatus(status);
  return renderMail(job ? `Application update: ${shown} (${jobTitle(job)})` : `Application update: ${shown}`, {
    name,
    paragraphs: [job ? `The status of your application for ${jobTitle(job)} is now: ${shown}.` : `The status of your application is now: ${shown}.`],
    action: { label: 'View my applications', url: link },
  });
}
