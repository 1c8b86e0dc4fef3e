import { z } from 'zod';
import { ROLES, SCHOOLS } from '../constants';
import { positionSchema } from '../schemas-shared/replies';

/**
 * The e-mail reply contracts: what the e-mail routes answer. The routes declare them (validated under
 * REPLY_CONTRACTS=enforce and documented in the API description); the frontend's types are their z.infer.
 */

/** GET /api/email/user-groups: who can receive bulk e-mail. */
export const emailRecipientsSchema = z.strictObject({
  users: z.array(
    z.strictObject({ _id: z.string(), fullName: z.string(), email: z.string(), role: z.enum(ROLES), school: z.enum(SCHOOLS).nullable(), rollNo: z.string().nullable() }),
  ),
});
export type EmailRecipients = z.infer<typeof emailRecipientsSchema>;

/** A saved template; `id` repeats `_id`. */
export const emailTemplateSchema = z.strictObject({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** GET /api/email/templates. */
export const emailTemplatesSchema = z.strictObject({ templates: z.array(emailTemplateSchema) });

/** A bulk e-mail with its progress: `progress` is the percent of recipients settled, `openRate` the percent of sent mails opened (one decimal); `id` repeats `_id`. */
export const campaignSchema = z.strictObject({
  _id: z.string(),
  id: z.string(),
  subject: z.string(),
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  opened: z.number(),
  pending: z.number(),
  progress: z.number(),
  openRate: z.number(),
  // The read model's CAMPAIGN_STATUSES (platform).
  status: z.enum(['scheduled', 'sending', 'completed']),
  trackOpens: z.boolean(),
  scheduledFor: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  attachments: z.array(z.strictObject({ filename: z.string(), contentType: z.string(), size: z.number(), url: z.string().nullable() })),
  content: z.string().optional().describe('Only when one campaign is read'),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /api/email/campaigns. */
export const campaignListSchema = z.strictObject({ campaigns: z.array(campaignSchema) });
/** GET /api/email/campaigns/{id}. */
export const campaignReplySchema = z.strictObject({ campaign: campaignSchema });

/** POST /api/email/templates: the saved template as it was written; `_id` is its id. */
export const emailTemplateSavedReplySchema = z.strictObject({
  message: z.string(),
  template: emailTemplateSchema.pick({ _id: true, name: true, subject: true, content: true }),
  position: positionSchema,
});
export type EmailTemplateSavedReply = z.infer<typeof emailTemplateSavedReplySchema>;

/** POST /api/email/send: the queued campaign, how many recipients it has, and when it goes out (null: at once). */
export const emailSendReplySchema = z.strictObject({ message: z.string(), campaignId: z.string(), recipients: z.number().int(), scheduledFor: z.string().nullable(), position: positionSchema });
export type EmailSendReply = z.infer<typeof emailSendReplySchema>;
