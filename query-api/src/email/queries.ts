import { EMAIL_COLLECTIONS, ReadModels, USER_COLLECTIONS, type CampaignDocument, type TemplateDocument, type UserDocument } from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { DEFAULT_PAGE_SIZE, findListed, pageOf, pagingQuery } from '../lists';

/** The e-mail read side: the query strings it accepts and its reads of the read models. */

export const campaignsQuery = z.object({ ...pagingQuery });
export type CampaignsQuery = z.output<typeof campaignsQuery>;

export function emailReads(deps: QueryApiDeps) {
  const readModels = new ReadModels(deps.db);
  const campaigns = () => readModels.collection<CampaignDocument>('email', EMAIL_COLLECTIONS.campaigns);

  /** Accounts that can receive mail: status active and e-mail verified, by name. */
  async function recipients() {
    const users = await readModels.collection<UserDocument>('users', USER_COLLECTIONS.users);
    return users
      .find({ status: 'active', verified: true }, { projection: { fullName: 1, email: 1, role: 1, rollNo: 1, 'profile.school': 1 } })
      .sort({ 'sort.fullName': 1, _id: 1 })
      .toArray();
  }

  /** Saved templates, by name. */
  async function templates() {
    const collection = await readModels.collection<TemplateDocument>('email', EMAIL_COLLECTIONS.templates);
    return collection.find({}).sort({ lowerName: 1, _id: 1 }).toArray();
  }

  /** Bulk e-mails without their content, newest first. */
  async function campaignListing(query: CampaignsQuery) {
    return findListed(await campaigns(), {}, {
      sort: { createdAt: -1, _id: -1 },
      page: pageOf(query, DEFAULT_PAGE_SIZE),
      projection: { content: 0 },
    });
  }

  async function campaign(id: string) {
    return (await campaigns()).findOne({ _id: id });
  }

  return { recipients, templates, campaignListing, campaign };
}
