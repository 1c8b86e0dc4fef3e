import type { Request, Response } from 'express';
import { EMAIL_MESSAGES } from '@placement/domain';
import {
  EMAIL_COLLECTIONS,
  HttpError,
  ReadModels,
  USER_COLLECTIONS,
  type CampaignDocument,
  type RouteSpec,
  type TemplateDocument,
  type UserDocument,
} from '@placement/platform';
import { z } from 'zod';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { DEFAULT_PAGE_SIZE, findListed, pageOf, pagingQuery, TOTAL_COUNT_HEADER } from '../lists';
import { uploadUrl } from '../uploads';


const percent = (part: number, whole: number, decimals = 0): number => {
  if (whole <= 0) return 0;
  const scale = 10 ** decimals;
  return Math.round((part / whole) * 100 * scale) / scale;
};

/**
 * A campaign with its progress: `progress` is the percent of recipients settled (sent or given up
 * on), `openRate` the percent of sent mails opened (one decimal).
 */
export function campaignView(campaign: CampaignDocument, options: { withContent: boolean }) {
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

const templateView = ({ _id, name, subject, content, createdAt, updatedAt }: TemplateDocument) => ({ _id, id: _id, name, subject, content, createdAt, updatedAt });

/** A recipient as the composer's sidebar lists it. */
const recipientView = (user: Pick<UserDocument, '_id' | 'fullName' | 'email' | 'role' | 'rollNo' | 'profile'>) => ({
  _id: user._id,
  fullName: user.fullName,
  email: user.email,
  role: user.role,
  school: user.profile?.school ?? null,
  rollNo: user.rollNo,
});

const campaignsQuery = z.object({ ...pagingQuery });

const recipientSchema = z.object({ _id: z.string(), fullName: z.string(), email: z.string(), role: z.string(), school: z.string().nullable(), rollNo: z.string().nullable() });
const templateSchema = z.object({ _id: z.string(), name: z.string(), subject: z.string(), content: z.string() }).loose();
const campaignSchema = z
  .object({ _id: z.string(), subject: z.string(), recipients: z.number(), sent: z.number(), failed: z.number(), opened: z.number(), progress: z.number(), status: z.string() })
  .loose();

export function emailRoutes(deps: QueryApiDeps): RouteSpec[] {
  const readModels = new ReadModels(deps.db);
  const campaigns = () => readModels.collection<CampaignDocument>('email', EMAIL_COLLECTIONS.campaigns);
  const caching = answerCachingOf(deps);

  /** Accounts that can receive mail: status active and e-mail verified, by name. */
  async function recipients(res: Response) {
    const users = await readModels.collection<UserDocument>('users', USER_COLLECTIONS.users);
    const found = await users
      .find({ status: 'active', verified: true }, { projection: { fullName: 1, email: 1, role: 1, rollNo: 1, 'profile.school': 1 } })
      .sort({ 'sort.fullName': 1, _id: 1 })
      .toArray();
    res.json({ users: found.map(recipientView) });
  }

  async function templates(res: Response) {
    const collection = await readModels.collection<TemplateDocument>('email', EMAIL_COLLECTIONS.templates);
    res.json({ templates: (await collection.find({}).sort({ lowerName: 1, _id: 1 }).toArray()).map(templateView) });
  }

  async function listCampaigns(res: Response) {
    const { items, total } = await findListed(await campaigns(), {}, {
      sort: { createdAt: -1, _id: -1 },
      page: pageOf(res.locals.query as z.output<typeof campaignsQuery>, DEFAULT_PAGE_SIZE),
      projection: { content: 0 },
    });
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    res.json({ campaigns: items.map((campaign) => campaignView(campaign, { withContent: false })) });
  }

  async function oneCampaign(req: Request, res: Response) {
    const campaign = await (await campaigns()).findOne({ _id: String(req.params.id) });
    if (!campaign) throw new HttpError(404, EMAIL_MESSAGES.campaignNotFound);
    res.json({ campaign: campaignView(campaign, { withContent: true }) });
  }

  return [
    {
      method: 'get',
      paths: ['/api/email/user-groups'],
      action: 'email.recipients',
      summary: 'Who can receive bulk e-mail: active accounts with a verified address, by name',
      tags: ['email'],
      before: [consistentWith(deps, ['users'])],
      responds: { status: 200, description: '{ users: [...] }', schema: z.object({ users: z.array(recipientSchema) }) },
      handler: cachedByPosition(caching, 'email.recipients', { projections: ['users'], identity: 'everyone' }, (_req, res) => recipients(res)),
    },
    {
      method: 'get',
      paths: ['/api/email/templates'],
      action: 'email.templates',
      summary: 'Saved e-mail templates, by name',
      tags: ['email'],
      before: [consistentWith(deps, ['email'])],
      responds: { status: 200, description: '{ templates: [...] }', schema: z.object({ templates: z.array(templateSchema) }) },
      handler: cachedByPosition(caching, 'email.templates', { projections: ['email'], identity: 'everyone' }, (_req, res) => templates(res)),
    },
    {
      method: 'get',
      paths: ['/api/email/campaigns'],
      action: 'email.campaigns',
      summary: 'Bulk e-mails, newest first, with sent, failed and opened counts, progress and open rate (percent); all unless page or limit is given (X-Total-Count: all)',
      tags: ['email'],
      before: [consistentWith(deps, ['email'])],
      query: campaignsQuery,
      responds: { status: 200, description: '{ campaigns: [...] }', schema: z.object({ campaigns: z.array(campaignSchema) }) },
      handler: cachedByPosition(caching, 'email.campaigns', { projections: ['email'], identity: 'everyone' }, (_req, res) => listCampaigns(res)),
    },
    {
      method: 'get',
      paths: ['/api/email/campaigns/:id'],
      action: 'email.campaigns',
      summary: 'One bulk e-mail with its content, attachments and progress',
      tags: ['email'],
      before: [consistentWith(deps, ['email'])],
      responds: { status: 200, description: '{ campaign }', schema: z.object({ campaign: campaignSchema }) },
      handler: oneCampaign,
    },
  ];
}
