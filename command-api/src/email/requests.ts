import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { EMAIL_MESSAGES, hasVisibleContent, sendEmailRequestSchema, templateFormSchema, type CampaignAttachment } from '@placement/domain';
import { badRequest, HttpError, judgeAttachment, officeZipProblem, sanitizeRichText, storageSafeName, type UploadedFile } from '@placement/platform';
import type { z } from 'zod';
import { filesOf, type PendingUpload } from '../uploads';
import { EMAIL_REPLIES } from './views';

/** What the e-mail commands are given: the template and send bodies, sanitized, and the campaign's attachments. */

export const MAX_ATTACHMENTS = 10;
const ATTACHMENTS_FIELD = 'attachments';
/** Enough for any message the toolbar can produce: images travel as links, never inline. */
export const RICH_TEXT_BODY_LIMIT = '1mb';

/**
 * Rich text is sanitized as part of validation, so what is checked for content is what is stored:
 * a message of nothing but a script is empty.
 */
const withSanitizedContent = <Form extends { content: string }>(schema: z.ZodType<Form>) =>
  schema
    .transform((form) => ({ ...form, content: sanitizeRichText(form.content) }))
    .refine((form) => hasVisibleContent(form.content), { path: ['content'], error: EMAIL_MESSAGES.content });

export const templateBody = withSanitizedContent(templateFormSchema);
export const sendBody = withSanitizedContent(sendEmailRequestSchema);

/** The request's attachments, checked and given private keys under the campaign; nothing is stored yet. */
export async function pendingAttachments(req: Request, campaignId: string): Promise<{ uploads: PendingUpload[]; attachments: CampaignAttachment[] }> {
  const byField = filesOf(req);
  const unexpected = [...byField.keys()].find((field) => field !== ATTACHMENTS_FIELD);
  if (unexpected) throw badRequest(EMAIL_REPLIES.unexpectedFileField(unexpected), [{ field: unexpected, message: EMAIL_REPLIES.unexpectedFileField(unexpected) }]);
  const checked = await Promise.all((byField.get(ATTACHMENTS_FIELD) ?? []).map((file) => checkedAttachment(file, campaignId)));
  return { uploads: checked.map(({ upload }) => upload), attachments: checked.map(({ attachment }) => attachment) };
}

async function checkedAttachment(file: UploadedFile, campaignId: string): Promise<{ upload: PendingUpload; attachment: CampaignAttachment }> {
  const judged = judgeAttachment(file.originalname, file.buffer);
  if (!judged) {
    const message = EMAIL_REPLIES.attachmentType(file.originalname);
    throw new HttpError(415, message, [{ field: ATTACHMENTS_FIELD, message }]);
  }
  // Word, Excel and PowerPoint files are zips: opened under the same guard as resumes (no zip bombs kept or mailed).
  const zipProblem = judged.zipKind ? await officeZipProblem(file.buffer, judged.zipKind) : null;
  if (zipProblem) throw badRequest(zipProblem, [{ field: ATTACHMENTS_FIELD, message: zipProblem }]);
  const key = `campaigns/${campaignId}/${randomUUID()}-${storageSafeName(file.originalname)}`;
  return {
    upload: { key, body: file.buffer, contentType: judged.contentType },
    attachment: { key, filename: judged.filename, contentType: judged.contentType, size: file.size },
  };
}
