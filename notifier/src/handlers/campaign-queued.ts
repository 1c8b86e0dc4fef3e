import { z } from 'zod';
import { dataOf, type EventHandler } from './handler';

const schema = z.object({
  campaignId: z.string().min(1),
  subject: z.string(),
  content: z.string(),
  recipients: z.array(z.object({ userId: z.string(), email: z.string().min(3), fullName: z.string() })),
  attachments: z.array(z.object({ key: z.string(), filename: z.string(), contentType: z.string(), size: z.number() })),
  trackOpens: z.boolean(),
  scheduledFor: z.string().nullable(),
});

/** A campaign from the bulk e-mail screen, queued for its time (at once when not scheduled). */
export const campaignQueuedHandler: EventHandler = {
  type: 'CampaignQueued',
  async handle(event, { enqueueBulk }) {
    const { campaignId, subject, content, recipients, attachments, trackOpens, scheduledFor } = dataOf(event, schema);
    await enqueueBulk(
      {
        _id: event.eventId,
        mail: { kind: 'campaign', campaignId, subject, content, attachments, trackOpens },
        dueAt: new Date(scheduledFor ?? event.metadata.occurredAt),
        correlationId: event.metadata.correlationId,
      },
      recipients,
    );
  },
};
