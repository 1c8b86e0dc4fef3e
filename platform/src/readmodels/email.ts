import type { CampaignAttachment, TemplateFields } from '@placement/domain';

/** The e-mail projection's collections. */
export const EMAIL_COLLECTIONS = { templates: 'email_templates', campaigns: 'email_campaigns' } as const;

export interface TemplateDocument extends TemplateFields {
  _id: string;
  createdAt: string;
  updatedAt: string;
  /** The name's sort key (sortKeyOf: lower-cased, bounded), for the chooser's order. */
  lowerName: string;
}

/**
 * - scheduled: queued for a later time, nothing sent yet;
 * - sending: queued to go now, or the notifier has reported some recipients;
 * - completed: every recipient is sent or finally failed.
 */
export const CAMPAIGN_STATUSES = ['scheduled', 'sending', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** One bulk e-mail and its progress as the notifier reports it. */
export interface CampaignDocument {
  _id: string;
  subject: string;
  /** Sanitized rich text. */
  content: string;
  /** How many addresses it goes to (after de-duplication). */
  recipients: number;
  sent: number;
  /** Recipients the notifier gave up on (retries that later succeed are not counted). */
  failed: number;
  /** Distinct recipients who opened it (only when trackOpens). */
  opened: number;
  status: CampaignStatus;
  trackOpens: boolean;
  /** ISO 8601 instant, or null for 'send now'. */
  scheduledFor: string | null;
  attachments: CampaignAttachment[];
  requestedBy: string | null;
  createdAt: string;
  completedAt: string | null;
}
