import type { DomainEvent } from '../decider';
import type { FieldChanges } from '../schemas-shared';
import type { CampaignAttachment, CampaignRecipient, TemplateFields } from './schemas';

export type TemplateSaved = DomainEvent<'TemplateSaved', TemplateFields & { templateId: string }>;
export type TemplateUpdated = DomainEvent<'TemplateUpdated', FieldChanges<TemplateFields> & { templateId: string }>;
export type TemplateEvent = TemplateSaved | TemplateUpdated;

export const TEMPLATE_EVENT_VERSIONS = {
  TemplateSaved: 1,
  TemplateUpdated: 1,
} as const satisfies Record<TemplateEvent['type'], number>;

export type CampaignQueued = DomainEvent<
  'CampaignQueued',
  {
    campaignId: string;
    subject: string;
    /** Already sanitized by the edge. */
    content: string;
    recipients: CampaignRecipient[];
    attachments: CampaignAttachment[];
    trackOpens: boolean;
    /** ISO instant (UTC); null sends at once. */
    scheduledFor: string | null;
    requestedBy: string | null;
  }
>;
export type CampaignRecipientSent = DomainEvent<'CampaignRecipientSent', { campaignId: string; email: string; messageId: string }>;
/** `final` is true when the notifier gives up on this recipient (the last retry, or a permanent refusal). */
export type CampaignRecipientFailed = DomainEvent<'CampaignRecipientFailed', { campaignId: string; email: string; reason: string; attempt: number; final: boolean }>;
export type CampaignEmailOpened = DomainEvent<'CampaignEmailOpened', { campaignId: string; email: string }>;
export type CampaignCompleted = DomainEvent<'CampaignCompleted', { campaignId: string; sent: number; failed: number }>;

export type CampaignEvent = CampaignQueued | CampaignRecipientSent | CampaignRecipientFailed | CampaignEmailOpened | CampaignCompleted;

export const CAMPAIGN_EVENT_VERSIONS = {
  CampaignQueued: 1,
  CampaignRecipientSent: 1,
  CampaignRecipientFailed: 1,
  CampaignEmailOpened: 1,
  CampaignCompleted: 1,
} as const satisfies Record<CampaignEvent['type'], number>;

export const templateStreamId = (templateId: string): string => `template-${templateId}`;
export const campaignStreamId = (campaignId: string): string => `campaign-${campaignId}`;
