import type { Campaign, EmailRecipients } from '@placement/domain';

/**
 * The e-mail side's entities (spec §3) and the read model's campaigns: the domain's contracts
 * (domain/src/email/contracts.ts), imported as types only.
 */
export type { Campaign, EmailTemplate } from '@placement/domain';

/** One account of GET /api/email/user-groups. */
export type Recipient = EmailRecipients['users'][number];

export type CampaignStatus = Campaign['status'];

/** POST /api/email/send: the domain contract's type, imported as a type only. */
export type { EmailSendReply as SendReply } from '@placement/domain';

/** What the composer sends (spec §7, POST /api/email/send). */
export interface ComposedEmail {
  recipients: string[];
  subject: string;
  content: string;
  trackOpens: boolean;
  scheduleSend: boolean;
  /** The datetime-local input's value ('YYYY-MM-DDTHH:mm', local time), or ''. */
  scheduledAt: string;
}
