import { EMAIL_COLLECTIONS, ReadModels, type CampaignDocument, type RECIPIENT_REPLY_FIELDS, type RecipientDocument, type TemplateDocument } from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { DEFAULT_PAGE_SIZE, findListed, pageOf, pagingQuery } from '../lists';

/** The e-mail read side: the query strings it accepts and its reads of the read models. */

export const campaignsQuery = z.object({ ...pagingQuery });
export type CampaignsQuery = z.output<typeof campaignsQuery>;

/** What a recipient's reply is made of (the recipient list is held in memory: recipient-mirror.ts). */
export type RecipientRow = Pick<RecipientDocument, '_id' | (typeof RECIPIENT_REPLY_FIELDS)[number]>;

export function emailReads(deps: QueryApiDeps) {
  const readModels = new ReadModels(deps.db);
  const campaigns = () => readModels.collection<CampaignDocument>('email', EMAIL_COLLECTIONS.campaigns);

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

  return { templates, campaignListing, campaign };
}
