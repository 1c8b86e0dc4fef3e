import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import {
  CAMPAIGN_EVENT_VERSIONS,
  TEMPLATE_EVENT_VERSIONS,
  campaignDecider,
  campaignStreamId,
  emailSendReplySchema,
  emailTemplateSavedReplySchema,
  templateDecider,
  templateStreamId,
  type CampaignCommand,
  type CampaignEvent,
  type CampaignState,
  type TemplateSaved,
} from '@placement/domain';
import { ATTACHMENT_TYPES_TEXT, multipart, OPEN_TRACKING_ROUTE, type RouteSpec } from '@placement/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { POSITION_HEADER, execute, positionOf, type StreamCommand } from '../execute';
import { preflight, withUploads } from '../uploads';
import { recipientOfToken, resolveRecipients } from './context';
import { MAX_ATTACHMENTS, pendingAttachments, RICH_TEXT_BODY_LIMIT, sendBody, templateBody } from './requests';
import { campaignQueuedView, templateSavedView, TRACKING_PIXEL } from './views';

const campaignCommand = (command: CampaignCommand): StreamCommand<CampaignCommand, CampaignEvent, CampaignState> => ({
  streamId: campaignStreamId(command.campaignId),
  decider: campaignDecider,
  versions: CAMPAIGN_EVENT_VERSIONS,
  command,
});

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
    res.status(201).json(templateSavedView(templateId, saved, positionOf(res)));
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
    res.status(202).json(campaignQueuedView(campaignId, scheduledFor, count, positionOf(res)));
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
