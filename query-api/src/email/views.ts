import type { Campaign, EmailRecipients, EmailTemplate } from '@placement/domain';
import type { CampaignDocument, TemplateDocument } from '@placement/platform';
import { uploadUrl } from '../uploads';
import type { RecipientRow } from './queries';

/** The e-mail replies: what a campaign, a template or a recipient becomes on the wire. */

const percent = (part: number, whole: number, decimals = 0): number => {
  if (whole <= 0) return 0;
  const scale = 10 ** decimals;
  return Math.round((part / whole) * 100 * scale) / scale;
};

/**
 * A campaign with its progress: `progress` is the percent of recipients settled (sent or given up
 * on), `openRate` the percent of sent mails opened (one decimal).
 */
export function campaignView(campaign: CampaignDocument, options: { withContent: boolean }): Campaign {
  const { content, attachments, ...rest } = campaign;
  delete (rest as { _v?: number })._v;
  return {
    ...rest,
    id: campaign._id,
    pending: Math.max(0, campaign.recipients - campaign.sent - campaign.failed),
    progress: percent(campaign.sent + campaign.failed, campaign.recipients),
    openRate: percent(campaign.opened, campaign.sent, 1),
    attachments: attachments.map(({ key, ...attachment }) => ({ ...attachment, url: uploadUrl(key) })),
    ...(options.withContent ? { content } : {}),
  };
}

export const templateView = ({ _id, name, subject, content, createdAt, updatedAt }: TemplateDocument): EmailTemplate => ({ _id, id: _id, name, subject, content, createdAt, updatedAt });

/** A recipient as the composer's sidebar lists it. */
export const recipientView = (recipient: RecipientRow): EmailRecipients['users'][number] => ({
  _id: recipient._id,
  fullName: recipient.fullName,
  email: recipient.email,
  role: recipient.role,
  school: recipient.school ?? null,
  rollNo: recipient.rollNo ?? null,
});
