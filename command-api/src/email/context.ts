import { campaignDecider, campaignRecipients, campaignStreamId, type CampaignRecipient } from '@placement/domain';
import { badRequest, isOpenTrackingToken, loadAggregate, loadUser } from '@placement/platform';
import type { CommandApiDeps } from '../deps';
import { EMAIL_REPLIES } from './views';

/** What sending reads from other streams (the recipients' accounts) and what an open reads of its campaign. */

/** Streams read at once while resolving recipients: a campaign to every student must not flood the store. */
const RECIPIENT_READS_IN_PARALLEL = 16;
/** An HMAC-SHA256 in base64url: anything else is refused before the store is read. */
const TRACKING_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_CAMPAIGN_ID_LENGTH = 64;

async function inBatches<Item, Result>(items: readonly Item[], size: number, work: (item: Item) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

/** Each user id's address and name, from the user's own stream; 400 naming every id without a live account. */
export async function resolveRecipients(deps: CommandApiDeps, userIds: readonly string[]): Promise<CampaignRecipient[]> {
  const uniqueIds = [...new Set(userIds)];
  const users = await inBatches(uniqueIds, RECIPIENT_READS_IN_PARALLEL, async (userId) => ({ userId, user: await loadUser(deps.store, userId) }));
  const unknown = users.filter(({ user }) => !user.exists || user.deleted).map(({ userId }) => userId);
  if (unknown.length > 0) {
    const message = EMAIL_REPLIES.unknownRecipients(unknown);
    throw badRequest(message, [{ field: 'recipients', message }]);
  }
  return users.map(({ userId, user }) => ({ userId, email: user.email, fullName: user.fullName }));
}

/** The recipient address a pixel token stands for, or undefined for an unknown campaign or a token of nobody. */
export async function recipientOfToken(deps: CommandApiDeps, campaignId: string, token: string): Promise<string | undefined> {
  if (campaignId.length > MAX_CAMPAIGN_ID_LENGTH || !TRACKING_TOKEN_SHAPE.test(token)) return undefined;
  const { state: campaign } = await loadAggregate(deps.store, campaignDecider, campaignStreamId(campaignId));
  return campaignRecipients(campaign).find((recipient) => isOpenTrackingToken(deps.env.JWT_SECRET, campaignId, recipient.email, token))?.email;
}
