import { campaignListSchema, campaignReplySchema, EMAIL_MESSAGES, emailRecipientsSchema, emailTemplatesSchema } from '@placement/domain';
import { HttpError, type RouteSpec } from '@placement/platform';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { TOTAL_COUNT_HEADER } from '../lists';
import { campaignsQuery, emailReads, type CampaignsQuery } from './queries';
import { campaignView, recipientView, templateView } from './views';

/** The e-mail query routes: reads from ./queries, replies from ./views, contracts from the domain. */
export function emailRoutes(deps: QueryApiDeps): RouteSpec[] {
  const reads = emailReads(deps);
  const caching = answerCachingOf(deps);
  return [
    {
      method: 'get',
      paths: ['/api/email/user-groups'],
      action: 'email.recipients',
      summary: 'Who can receive bulk e-mail: active accounts with a verified address, by name',
      tags: ['email'],
      before: [consistentWith(deps, ['users'])],
      responds: { status: 200, description: '{ users: [...] }', schema: emailRecipientsSchema },
      handler: cachedByPosition(caching, 'email.recipients', { projections: ['users'], identity: 'everyone' }, async (_req, res) => {
        res.json({ users: (await reads.recipients()).map(recipientView) });
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
