/** The e-mail side's entities (spec §3) and the read model's campaigns. */
export interface Recipient {
  _id: string;
  fullName?: string | null;
  email?: string | null;
  role?: string | null;
  school?: string | null;
  rollNo?: string | null;
}

export interface EmailTemplate {
  _id: string;
  name: string;
  subject: string;
  content: string;
}

export type CampaignStatus = 'scheduled' | 'sending' | 'completed';

/** A bulk e-mail with its progress, as GET /api/email/campaigns reports it. */
export interface Campaign {
  _id: string;
  subject: string;
  recipients: number;
  sent: number;
  failed: number;
  opened: number;
  pending: number;
  /** Percent of recipients settled (sent or given up on). */
  progress: number;
  /** Percent of sent mails opened, one decimal. */
  openRate: number;
  status: CampaignStatus;
  trackOpens: boolean;
  scheduledFor: string | null;
  createdAt: string;
  completedAt: string | null;
}

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
