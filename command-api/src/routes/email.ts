import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import {
  CAMPAIGN_EVENT_VERSIONS,
  EMAIL_MESSAGES,
  TEMPLATE_EVENT_VERSIONS,
  campaignDecider,
  campaignRecipients,
  campaignStreamId,
  emailSendReplySchema,
  emailTemplateSavedReplySchema,
  hasVisibleContent,
  sendEmailRequestSchema,
  templateDecider,
  templateFormSchema,
  templateStreamId,
  type CampaignAttachment,
  type CampaignCommand,
  type CampaignEvent,
  type CampaignRecipient,
  type CampaignState,
  type TemplateSaved,
} from '@placement/domain';
import {
  ATTACHMENT_TYPES_TEXT,
  badRequest,
  HttpError,
  isOpenTrackingToken,
  judgeAttachment,
  officeZipProblem,
  loadUser,
  multipart,
  OPEN_TRACKING_ROUTE,
  type RouteSpec,
  sanitizeRichText,
  storageSafeName,
  loadAggregate,
  type UploadedFile,
} from '@placement/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { POSITION_HEADER, execute, positionOf, type StreamCommand } from '../execute';
import { filesOf, preflight, withUploads, type PendingUpload } from '../uploads';

export const EMAIL_REPLIES = {
  templateSaved: 'Template saved successfully',
  sent: (recipients: number) => `Email sent successfully to ${recipients} recipients`,
  // Not worded by the spec:
  scheduled: (at: string, recipients: number) => `Email scheduled for ${at} to ${recipients} recipients`,
  unknownRecipients: (ids: string[]) => `These recipients do not exist: ${listed(ids)}`,
  attachmentType: (filename: string) => `"${filename}" cannot be attached. Please attach ${ATTACHMENT_TYPES_TEXT}.`,
  unexpectedFileField: (field: string) => `Unexpected file field "${field}"; attachments are sent as "attachments".`,
} as const;

export const MAX_ATTACHMENTS = 10;
const ATTACHMENTS_FIELD = 'attachments';
/** Enough for any message the toolbar can produce: images travel as links, never inline. */
const RICH_TEXT_BODY_LIMIT = '1mb';
/** Streams read at once while resolving recipients: a campaign to every student must not flood the store. */
const RECIPIENT_READS_IN_PARALLEL = 16;
const IDS_NAMED_IN_A_MESSAGE = 10;

/** A 1x1 transparent GIF. */
const TRACKING_PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** An HMAC-SHA256 in base64url: anything else is refused before the store is read. */
const TRACKING_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_CAMPAIGN_ID_LENGTH = 64;

function listed(ids: string[]): string {
  const named = ids.slice(0, IDS_NAMED_IN_A_MESSAGE).join(', ');
  return ids.length > IDS_NAMED_IN_A_MESSAGE ? `${named} and ${ids.length - IDS_NAMED_IN_A_MESSAGE} more` : named;
}

/**
 * Rich text is sanitized as part of validation, so what is checked for content is what is stored:
 * a message of nothing but a script is empty.
 */
const withSanitizedContent = <Form extends { content: string }>(schema: z.ZodType<Form>) =>
  schema
    .transform((form) => ({ ...form, content: sanitizeRichText(form.content) }))
    .refine((form) => hasVisibleContent(form.content), { path: ['content'], error: EMAIL_MESSAGES.content });

const templateBody = withSanitizedContent(templateFormSchema);
const sendBody = withSanitizedContent(sendEmailRequestSchema);

async function inBatches<Item, Result>(items: readonly Item[], size: number, work: (item: Item) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

/** Each user id's address and name, from the user's own stream; 400 naming every id without a live account. */
async function resolveRecipients(deps: CommandApiDeps, userIds: readonly string[]): Promise<CampaignRecipient[]> {
  const uniqueIds = [...new Set(userIds)];
  const users = await inBatches(uniqueIds, RECIPIENT_READS_IN_PARALLEL, async (userId) => ({ userId, user: await loadUser(deps.store, userId) }));
  const unknown = users.filter(({ user }) => !user.exists || user.deleted).map(({ userId }) => userId);
  if (unknown.length > 0) {
    const message = EMAIL_REPLIES.unknownRecipients(unknown);
    throw badRequest(message, [{ field: 'recipients', message }]);
  }
  return users.map(({ userId, user }) => ({ userId, email: user.email, fullName: user.fullName }));
}

/** The request's attachments, checked and given private keys under the campaign; nothing is stored yet. */
async function pendingAttachments(req: Request, campaignId: string): Promise<{ uploads: PendingUpload[]; attachments: CampaignAttachment[] }> {
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

const campaignCommand = (command: CampaignCommand): StreamCommand<CampaignCommand, CampaignEvent, CampaignState> => ({
  streamId: campaignStreamId(command.campaignId),
  decider: campaignDecider,
  versions: CAMPAIGN_EVENT_VERSIONS,
  command,
});

/** The recipient address a pixel token stands for, or undefined for an unknown campaign or a token of nobody. */
async function recipientOfToken(deps: CommandApiDeps, campaignId: string, token: string): Promise<string | undefined> {
  if (campaignId.length > MAX_CAMPAIGN_ID_LENGTH || !TRACKING_TOKEN_SHAPE.test(token)) return undefined;
  const { state: campaign } = await loadAggregate(deps.store, campaignDecider, campaignStreamId(campaignId));
  return campaignRecipients(campaign).find((recipient) => isOpenTrackingToken(deps.env.JWT_SECRET, campaignId, recipient.email, token))?.email;
}

export function emailRoutes(deps: CommandApiDeps): RouteSpec[] {
  const json = express.json({ limit: RICH_TEXT_BODY_LIMIT });

  async function saveTemplate(res: Response) {
    const template = res.locals.body as z.output<typeof templateBody>;
    const templateId = randomUUID();
    const outcome = await execute(deps, res, {
      streamId: templateStreamId(templateId),
      decider: templateDecider,
      versions: TEMPLATE_EVENT_VERSIONS,
      command: { type: 'SaveTemplate', templateId, template },
    });
    const { data: saved } = outcome.events[0] as TemplateSaved;
    res.status(201).json({
      message: EMAIL_REPLIES.templateSaved,
      template: { _id: templateId, name: saved.name, subject: saved.subject, content: saved.content },
      position: positionOf(res),
    });
  }

  async function send(req: Request, res: Response) {
    const form = res.locals.body as z.output<typeof sendBody>;
    const campaignId = randomUUID();
    const recipients = await resolveRecipients(deps, form.recipients);
    const { uploads, attachments } = await pendingAttachments(req, campaignId);
    const request = campaignCommand({
      type: 'QueueCampaign',
      campaignId,
      campaign: { subject: form.subject, content: form.content, recipients, attachments, trackOpens: form.trackOpens, scheduledFor: form.scheduledDateTime },
    });
    // A schedule in the past (or any other refusal) must surface before a single attachment is stored.
    await preflight(deps, res, request);
    const outcome = await withUploads(deps.files, uploads, () => execute(deps, res, request));
    const queued = outcome.events[0]!;
    if (queued.type !== 'CampaignQueued') throw new Error(`queueing campaign ${campaignId} produced ${queued.type}`);
    const { scheduledFor, recipients: queuedRecipients } = queued.data;
    const count = queuedRecipients.length;
    res.status(202).json({
      message: scheduledFor ? EMAIL_REPLIES.scheduled(scheduledFor, count) : EMAIL_REPLIES.sent(count),
      campaignId,
      recipients: count,
      scheduledFor,
      position: positionOf(res),
    });
  }

  /** Answers the pixel whatever happens: a mail client must never see an error, and a stranger must learn nothing. */
  async function trackOpen(req: Request, res: Response) {
    const campaignId = String(req.params.campaignId);
    try {
      const email = await recipientOfToken(deps, campaignId, String(req.params.token));
      if (email) await execute(deps, res, campaignCommand({ type: 'RecordEmailOpened', campaignId, email }));
    } catch (error) {
      deps.logger.warn({ err: error, campaignId }, 'could not record an e-mail open');
    }
    // The position would tell a guesser that the token was right.
    res.removeHeader(POSITION_HEADER);
    res.status(200).set({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' }).send(TRACKING_PIXEL);
  }

  return [
    {
      method: 'post',
      paths: ['/api/email/templates'],
      action: 'email.templates',
      summary: 'Save a bulk e-mail template; its rich text is sanitized before it is stored',
      tags: ['email'],
      before: [json],
      body: templateBody,
      responds: { status: 201, description: 'The saved template', schema: emailTemplateSavedReplySchema },
      handler: (_req, res) => saveTemplate(res),
    },
    {
      method: 'post',
      paths: ['/api/email/send'],
      action: 'email.send',
      summary: 'Queue a bulk e-mail to users, at once or at a scheduled time, with up to 10 attachments',
      tags: ['email'],
      before: [multipart({ maxFileBytes: deps.env.MAX_ATTACHMENT_BYTES, maxFiles: MAX_ATTACHMENTS })],
      body: sendBody,
      multipart: {
        fields: {
          subject: 'Subject line',
          content: 'Rich text (HTML); sanitized before it is stored',
          trackOpens: "'true' or 'false'; default true",
          recipients: 'JSON list of user ids',
          scheduledDateTime: 'Optional ISO date-time in the future',
        },
        files: { attachments: `Repeated, at most ${MAX_ATTACHMENTS}: ${ATTACHMENT_TYPES_TEXT}, judged by name and bytes` },
      },
      responds: { status: 202, description: 'Queued for the notifier to send', schema: emailSendReplySchema },
      handler: send,
    },
    {
      method: 'get',
      paths: [OPEN_TRACKING_ROUTE],
      action: 'email.trackOpen',
      summary: 'Open-tracking pixel: records the first open of a campaign mail; always a 1x1 GIF',
      tags: ['email'],
      responds: { status: 200, description: 'A 1x1 transparent GIF (image/gif), for any campaign and token' },
      handler: trackOpen,
    },
  ];
}
