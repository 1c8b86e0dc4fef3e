import type { JobAnnouncement } from '@placement/domain';
import type { RenderedMail } from '../mail/mailer';
import { readableDate, renderMail } from './layout';

export interface JobAnnouncementMail {
  name: string;
  job: JobAnnouncement;
  /** Where students see the job list. */
  link: string;
}

export function jobAnnouncementMail({ name, job, link }: JobAnnouncementMail): RenderedMail {
  return renderMail(`New job opening: ${job.profiles} at ${job.companyName}`, {
    name,
    paragraphs: [`A new opening has been posted on the Placement Portal: ${job.profiles} at ${job.companyName}.`],
    details: [
      ['Company', job.companyName],
      ['Role', job.profiles],
      ['Location', job.location],
      ['CTC / Stipend', job.ctcOrStipend],
      ['Offer type', job.offerType.join(', ')],
      ['Date of joining', readableDate(job.dateOfJoining)],
    ],
    action: { label: 'View jobs and apply', url: link },
  });
}
