import type { CampaignEvent, TemplateEvent } from '@placement/domain';
import { EMAIL_COLLECTIONS, sortKeyOf, type CampaignDocument, type RecordedEvent, type TemplateDocument } from '@placement/platform';
import type { Projection, ReadModelChange } from '../projection';
import { eventsOfTypes } from './projection-helpers';

const { templates: TEMPLATES, campaigns: CAMPAIGNS } = EMAIL_COLLECTIONS;

/** One change per event and campaign: its counters and its status move together. */
const campaignUpdate = (campaignId: string, update: object): ReadModelChange => ({ kind: 'update', collection: CAMPAIGNS, filter: { _id: campaignId }, update });

/**
 * A recipient sent or given up on: the notifier is at work, so a scheduled campaign is now sending.
 * It cannot be completed yet, since completion is recorded after the last recipient settles.
 */
const settledOne = (campaignId: string, counter: 'sent' | 'failed'): ReadModelChange[] => [
  campaignUpdate(campaignId, { $inc: { [counter]: 1 }, $set: { status: 'sending' } }),
];

function changesOf(event: TemplateEvent | CampaignEvent, occurredAt: string): ReadModelChange[] {
  switch (event.type) {
    case 'TemplateSaved': {
      const { templateId, ...fields } = event.data;
      const document: Omit<TemplateDocument, '_id'> = { ...fields, createdAt: occurredAt, updatedAt: occurredAt, lowerName: sortKeyOf(fields.name) };
      return [{ kind: 'upsert', collection: TEMPLATES, id: templateId, update: { $set: document } }];
    }
    case 'TemplateUpdated': {
      const { after } = event.data;
      const set = { ...after, ...(after.name === undefined ? {} : { lowerName: sortKeyOf(after.name) }), updatedAt: occurredAt };
      return [{ kind: 'update', collection: TEMPLATES, filter: { _id: event.data.templateId }, update: { $set: set } }];
    }
    case 'CampaignQueued': {
      const { campaignId, subject, content, recipients, attachments, trackOpens, scheduledFor, requestedBy } = event.data;
      const document: Omit<CampaignDocument, '_id'> = {
        subject,
        content,
        recipients: recipients.length,
        sent: 0,
        failed: 0,
        opened: 0,
        status: scheduledFor ? 'scheduled' : 'sending',
        trackOpens,
        scheduledFor,
        attachments,
        requestedBy,
        createdAt: occurredAt,
        completedAt: null,
      };
      return [{ kind: 'upsert', collection: CAMPAIGNS, id: campaignId, update: { $set: document } }];
    }
    case 'CampaignRecipientSent':
      return settledOne(event.data.campaignId, 'sent');
    case 'CampaignRecipientFailed':
      // Only the last attempt counts as a failure; earlier ones are retried.
      return event.data.final ? settledOne(event.data.campaignId, 'failed') : [];
    case 'CampaignEmailOpened':
      return [campaignUpdate(event.data.campaignId, { $inc: { opened: 1 } })];
    case 'CampaignCompleted': {
      const { campaignId, sent, failed } = event.data;
      return [campaignUpdate(campaignId, { $set: { status: 'completed', sent, failed, completedAt: occurredAt } })];
    }
  }
}

const isEmailEvent = eventsOfTypes<TemplateEvent | CampaignEvent>([
  'TemplateSaved',
  'TemplateUpdated',
  'CampaignQueued',
  'CampaignRecipientSent',
  'CampaignRecipientFailed',
  'CampaignEmailOpened',
  'CampaignCompleted',
]);

/** Bulk e-mail templates (the composer's chooser) and campaigns with their progress and open counts. */
export const emailProjection: Projection = {
  name: 'email',
  // 1: templates' lowerName numeric-aware (sortKeyOf: 'Drive 2' before 'Drive 10').
  shape: 1,
  collections: [TEMPLATES, CAMPAIGNS],
  indexes: {
    [TEMPLATES]: [{ key: { lowerName: 1 } }],
    [CAMPAIGNS]: [{ key: { createdAt: -1 } }],
  },
  apply: (event: RecordedEvent) => (isEmailEvent(event) ? changesOf(event, event.metadata.occurredAt) : []),
};
