import type { TemplateSaved } from '@placement/domain';
import { ATTACHMENT_TYPES_TEXT } from '@placement/platform';

const IDS_NAMED_IN_A_MESSAGE = 10;

function listed(ids: string[]): string {
  const named = ids.slice(0, IDS_NAMED_IN_A_MESSAGE).join(', ');
  return ids.length > IDS_NAMED_IN_A_MESSAGE ? `${named} and ${ids.length - IDS_NAMED_IN_A_MESSAGE} more` : named;
}

export const EMAIL_REPLIES = {
  templateSaved: 'Template saved successfully',
  sent: (recipients: number) => `Email sent successfully to ${recipients} recipients`,
  // Not worded by the spec:
  scheduled: (at: string, recipients: number) => `Email scheduled for ${at} to ${recipients} recipients`,
  unknownRecipients: (ids: string[]) => `These recipients do not exist: ${listed(ids)}`,
  attachmentType: (filename: string) => `"${filename}" cannot be attached. Please attach ${ATTACHMENT_TYPES_TEXT}.`,
  unexpectedFileField: (field: string) => `Unexpected file field "${field}"; attachments are sent as "attachments".`,
} as const;

/** A 1x1 transparent GIF, the answer to every open-tracking request. */
export const TRACKING_PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The reply to a saved template: the template as the event recorded it. */
export const templateSavedView = (templateId: string, saved: TemplateSaved['data'], position: number) => ({
  message: EMAIL_REPLIES.templateSaved,
  template: { _id: templateId, name: saved.name, subject: saved.subject, content: saved.content },
  position,
});

/** The reply to a queued campaign: sent now or scheduled, to how many recipients. */
export const campaignQueuedView = (campaignId: string, scheduledFor: string | null, count: number, position: number) => ({
  message: scheduledFor ? EMAIL_REPLIES.scheduled(scheduledFor, count) : EMAIL_REPLIES.sent(count),
  campaignId,
  recipients: count,
  scheduledFor,
  position,
});
