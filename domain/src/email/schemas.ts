import { z } from 'zod';
import { isoInstant, requiredEmail, requiredText, safeText } from '../schemas-shared';

export const EMAIL_MESSAGES = {
  recipients: 'Please select at least one recipient',
  subject: 'Please enter a subject',
  content: 'Please enter email content',
  templateName: 'Please enter a template name',
  // Not worded by the spec:
  scheduledForInvalid: 'Please enter a valid date and time',
  scheduledForPast: 'Please choose a date and time in the future',
  recipientEmail: 'Please enter a valid email address',
  templateNotFound: 'Template not found',
  templateExists: 'This template already exists.',
  campaignNotFound: 'Campaign not found',
  campaignExists: 'This campaign already exists.',
  notARecipient: 'This address is not a recipient of the campaign.',
} as const;

/**
 * Rich-text editors send markup even when nothing was typed ('<p><br></p>'), so content counts as empty
 * unless some text or an image survives once the tags are gone.
 */
export function hasVisibleContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
  return text !== '';
}

const subjectSchema = requiredText(EMAIL_MESSAGES.subject);
const contentSchema = safeText({ error: EMAIL_MESSAGES.content }).refine(hasVisibleContent, { error: EMAIL_MESSAGES.content });
const scheduledForSchema = isoInstant({ required: EMAIL_MESSAGES.scheduledForInvalid, invalid: EMAIL_MESSAGES.scheduledForInvalid });

/** Blank, null and missing all mean 'send now'. */
const optionalScheduledFor = z.preprocess(
  (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value),
  scheduledForSchema.nullable(),
).default(null);

export const templateFormSchema = z.object({
  name: requiredText(EMAIL_MESSAGES.templateName),
  subject: subjectSchema,
  content: contentSchema,
});
export type TemplateFormInput = z.input<typeof templateFormSchema>;
export type TemplateFields = z.output<typeof templateFormSchema>;
export const TEMPLATE_FIELD_NAMES = ['name', 'subject', 'content'] as const satisfies readonly (keyof TemplateFields)[];

/** Multipart sends lists as JSON text and booleans as 'true'/'false'. */
const fromMultipartJson = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
const booleanField = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** POST /api/email/send as the composer sends it: recipients are user ids. */
export const sendEmailRequestSchema = z.object({
  recipients: z.preprocess(
    fromMultipartJson,
    z.array(safeText(), { error: EMAIL_MESSAGES.recipients }).min(1, { error: EMAIL_MESSAGES.recipients }),
  ),
  subject: subjectSchema,
  content: contentSchema,
  trackOpens: booleanField.default(true),
  scheduledDateTime: optionalScheduledFor,
});
export type SendEmailRequest = z.output<typeof sendEmailRequestSchema>;

export const campaignRecipientSchema = z.object({
  userId: z.string().min(1),
  email: requiredEmail({ required: EMAIL_MESSAGES.recipientEmail, invalid: EMAIL_MESSAGES.recipientEmail }),
  fullName: z.string().trim(),
});
export type CampaignRecipient = z.output<typeof campaignRecipientSchema>;

export const campaignAttachmentSchema = z.object({
  key: z.string().min(1),
  filename: z.string().min(1),
  contentType: z.string().min(1),
  size: z.number().int().nonnegative(),
});
export type CampaignAttachment = z.output<typeof campaignAttachmentSchema>;

/** One mail per address: a user listed twice, or two users sharing an address, get it once. */
function uniqueByEmail(recipients: CampaignRecipient[]): CampaignRecipient[] {
  const seen = new Set<string>();
  return recipients.filter((recipient) => {
    const key = recipient.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The campaign once the edge has resolved user ids to addresses and stored the attachments. */
export const queueCampaignSchema = z.object({
  subject: subjectSchema,
  content: contentSchema,
  recipients: z
    .array(campaignRecipientSchema, { error: EMAIL_MESSAGES.recipients })
    .min(1, { error: EMAIL_MESSAGES.recipients })
    .transform(uniqueByEmail),
  attachments: z.array(campaignAttachmentSchema).default([]),
  trackOpens: z.boolean().default(true),
  scheduledFor: optionalScheduledFor,
});
export type QueueCampaignInput = z.input<typeof queueCampaignSchema>;

/** The message for a scheduled time that is not in the future, or null when it is fine (or absent). */
export function scheduledTimeProblem(scheduledFor: string | null | undefined, now: Date): string | null {
  if (!scheduledFor) return null;
  const instant = Date.parse(scheduledFor);
  if (Number.isNaN(instant)) return EMAIL_MESSAGES.scheduledForInvalid;
  return instant > now.getTime() ? null : EMAIL_MESSAGES.scheduledForPast;
}

/** What the notifier reports about one recipient. */
export const recipientSentSchema = z.object({ email: z.string().min(1), messageId: z.string().min(1) });
export const recipientFailedSchema = z.object({
  email: z.string().min(1),
  reason: z.string().min(1),
  attempt: z.number().int().min(1),
  final: z.boolean(),
});
