import type { JobAnnouncement } from '@placement/domain';
import { z } from 'zod';
import { dataOf, type EventHandler } from './handler';

const schema = z.object({
  jobId: z.string().min(1),
  profiles: z.string(),
  companyName: z.string(),
  location: z.string(),
  ctcOrStipend: z.string(),
  offerType: z.array(z.string()),
  dateOfJoining: z.string(),
});

/**
 * `POST /api/jobs/{id}/notify` (after an approval, single or bulk, or an admin's post that is approved
 * at once): every active, verified student, as the recipient directory knows them once it has caught
 * up with the users topic. Sent in chunks by the dispatcher at the notifier's rate.
 */
export const jobAnnouncementHandler: EventHandler = {
  type: 'JobNotificationRequested',
  async handle(event, { directory, enqueueBulk, directoryWaitMs }) {
    const { jobId, ...job } = dataOf(event, schema);
    await directory.caughtUp(directoryWaitMs);
    const recipients = await directory.activeVerifiedStudents();
    await enqueueBulk(
      { _id: event.eventId, mail: { kind: 'job-announcement', jobId, job: job as JobAnnouncement }, dueAt: new Date(), correlationId: event.metadata.correlationId },
      recipients,
    );
  },
};
