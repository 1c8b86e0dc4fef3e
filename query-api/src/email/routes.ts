import { campaignListSchema, campaignReplySchema, EMAIL_MESSAGES, emailRecipientsSchema, emailTemplatesSchema } from '@placement/domain';
import type { Response } from 'express';
import { HttpError, REPLY_CONTRACTS_VARIABLE, replyContractProblem, type RouteSpec } from '@placement/platform';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { TOTAL_COUNT_HEADER } from '../lists';
import { campaignsQuery, emailReads, type CampaignsQuery } from './queries';
import { RecipientMirror, type RecipientReply } from './recipient-mirror';
import { campaignView, templateView } from './views';

/** Replies checked against the contract already (REPLY_CONTRACTS=enforce: the test suite). */
const checkedReplies = new WeakSet<Buffer>();

/**
 * Sends the recipient list's bytes as the mirror keeps them (serializing 20,000 recipients per request
 * would cost 25-40 ms). Sent without `res.json`, so the answer cache does not keep the 3.4 MB (the mirror
 * is this route's cache; its ETag and 304 still apply) and the contract is checked here, once per reply.
 * Without the cache's ETag the reply is tagged by the mirror's version (Express would hash the bytes).
 */
function sendRecipients(res: Response, reply: RecipientReply): void {
  if (process.env[REPLY_CONTRACTS_VARIABLE] === 'enforce' && !checkedReplies.has(reply.body)) {
    const problem = replyContractProblem(emailRecipientsSchema, JSON.parse(reply.body.toString('utf8')));
    if (problem !== null) throw new HttpError(500, `Reply outside the contract of GET /api/email/user-groups: ${problem}`);
    checkedReplies.add(reply.body);
  }
  if (res.getHeader('ETag') === undefined) res.setHeader('ETag', reply.etag);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(reply.body);
}

/** The e-mail query routes: reads from ./queries, replies from ./views, contracts from the domain. */
export function emailRoutes(deps: QueryApiDeps): RouteSpec[] {
  const reads = emailReads(deps);
  const caching = answerCachingOf(deps);
  const recipients = new RecipientMirror(deps.db);
  // Read whole once at the start rather than by the first request (about 1.3 s at 20,000 accounts on the
  // local FerretDB); a request that comes meanwhile waits for it, `/ready` does not. A failure here is
  // the first request's to meet again.
  recipients.refresh().catch((error: unknown) => deps.logger.warn({ err: error }, 'the e-mail recipients could not be read at start'));
  return [
    {
      method: 'get',
      paths: ['/api/email/user-groups'],
      action: 'email.recipients',
      summary: 'Who can receive bulk e-mail: active accounts with a verified address, by name',
      tags: ['email'],
      before: [consistentWith(deps, ['users'])],
      responds: { status: 200, description: '{ users: [...] }', schema: emailRecipientsSchema },
      // The list is held in memory and moved along by the recipient documents written since (recipient-mirror.ts).
      handler: cachedByPosition(caching, 'email.recipients', { projections: ['users'], identity: 'everyone' }, async (_req, res) => {
        sendRecipients(res, await recipients.reply());
      }),
    },
    {
      method: 'get',
      paths: ['/api/email/templates'],
      action: 'email.templates',
      summary: 'Saved e-mail templates, by name',
      tags: ['email'],
      before: [consistentWith(deps, ['email'])],
      responds: { status: 200, description: '{ templates: [...] }', schema: emailTemplatesSchema },
      handler: cachedByPosition(caching, 'email.templates', { projections: ['email'], identity: 'everyone' }, async (_req, res) => {
        res.json({ templates: (await reads.templates()).map(templateView) });
      }),
    },
    {
      method: 'get',
      paths: ['/api/email/campaigns'],
      action: 'email.campaigns',
      summary: 'Bulk e-mails, newest first, with sent, failed and opened counts, progress and open rate (percent); all unless page or limit is given (X-Total-Count: all)',
      tags: ['email'],
      before: [consistentWith(deps, ['email'])],
      query: campaignsQuery,
      responds: { status: 200, description: '{ campaigns: [...] }', schema: campaignListSchema },
      handler: cachedByPosition(caching, 'email.campaigns', { projections: ['email'], identity: 'everyone' }, async (_req, res) => {
        const { items, total } = await reads.campaignListing(res.locals.query as CampaignsQuery);
        res.setHeader(TOTAL_COUNT_HEADER, String(total));
        res.json({ campaigns: items.map((campaign) => campaignView(campaign, { withContent: false })) });
      }),
    },
    {
      method: 'get',
      paths: ['/api/email/campaigns/:id'],
      action: 'email.campaigns',
      summary: 'One bulk e-mail with its content, attachments and progress',
      tags: ['email'],
      before: [consistentWith(deps, ['email'])],
      responds: { status: 200, description: '{ campaign }', schema: campaignReplySchema },
      handler: async (req, res) => {
        const campaign = await reads.campaign(String(req.params.id));
        if (!campaign) throw new HttpError(404, EMAIL_MESSAGES.campaignNotFound);
        res.json({ campaign: campaignView(campaign, { withContent: true }) });
      },
    },
  ];
}
