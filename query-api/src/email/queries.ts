import { EMAIL_COLLECTIONS, RECIPIENT_REPLY_FIELDS, ReadModels, USER_COLLECTIONS, type CampaignDocument, type RecipientDocument, type TemplateDocument } from '@placement/platform';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { DEFAULT_PAGE_SIZE, findListed, pageOf, pagingQuery } from '../lists';

/** The e-mail read side: the query strings it accepts and its reads of the read models. */

export const campaignsQuery = z.object({ ...pagingQuery });
export type CampaignsQuery = z.output<typeof campaignsQuery>;

/** What the recipient list reads of each recipient document: the reply's fields. */
const RECIPIENT_PROJECTION = Object.fromEntries(RECIPIENT_REPLY_FIELDS.map((field) => [field, 1]));
export type RecipientRow = Pick<RecipientDocument, '_id' | (typeof RECIPIENT_REPLY_FIELDS)[number]>;

export function emailReads(deps: QueryApiDeps) {
  const readModels = new ReadModels(deps.db);
  const campaigns = () => readModels.collection<CampaignDocument>('email', EMAIL_COLLECTIONS.campaigns);

  /**
   * Accounts that can receive mail: status active and e-mail verified, by name. Reads the small
   * recipient documents (`user_recipients`), not the accounts with their profiles; the filter and the
   * order are the index { status, verified, sortName } (then _id).
   */
  async function recipients(): Promise<RecipientRow[]> {
    const collection = await readModels.collection<RecipientDocument>('users', USER_COLLECTIONS.recipients);
    return collection.find({ status: 'active', verified: 1 }, { projection: RECIPIENT_PROJECTION }).sort({ sortName: 1, _id: 1 }).toArray();
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
