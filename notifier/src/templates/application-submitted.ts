import { studentFacingStatus } from '@placement/domain';
import type { RenderedMail } from '../mail/mailer';
import { renderMail } from './layout';
import { jobTitle, type JobSummary } from './job-title';

export interface ApplicationSubmittedMail {
  name: string;
  /** Undefined when the job can no longer be found. */
  job: JobSummary | undefined;
  link: string;
}

export function applicationSubmittedMail({ name, job, link }: ApplicationSubmittedMail): RenderedMail {
  return renderMail(job ? `Application received: ${jobTitle(job)}` : 'Your application was received', {
    name,
    paragraphs: [
      job ? `Thank you for applying. We have received your application for ${jobTitle(job)}.` : 'Thank you for applying. We have received your application.',
      `Its status is now ${studentFacingStatus('Applied')}. We will email you whenever it changes.`,
    ],
    action: { label: 'View my applications', url: link },
  });
}
