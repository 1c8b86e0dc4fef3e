import { reject, type CommandContext, type Decider } from '../decider';
import { parseOrReject } from '../schemas-shared';
import type { CampaignEvent } from './events';
import { EMAIL_MESSAGES, queueCampaignSchema, recipientFailedSchema, recipientSentSchema, scheduledTimeProblem, type QueueCampaignInput } from './schemas';

export type QueueCampaign = { type: 'QueueCampaign'; campaignId: string; campaign: QueueCampaignInput };
export type RecordRecipientSent = { type: 'RecordRecipientSent'; campaignId: string; email: string; messageId: string };
export type RecordRecipientFailed = { type: 'RecordRecipientFailed'; campaignId: string; email: string; reason: string; attempt: number; final: boolean };
export type RecordEmailOpened = { type: 'RecordEmailOpened'; campaignId: string; email: string };
export type CampaignCommand = QueueCampaign | RecordRecipientSent | RecordRecipientFailed | RecordEmailOpened;

export interface RecipientProgress {
  /** The address as queued; commands match it case-insensitively. */
  email: string;
  outcome: 'pending' | 'sent' | 'failed';
  /** The highest failed attempt reported, so a redelivered report is recognised. */
  failedAttempts: number;
  opened: boolean;
}

interface QueuedCampaign {
  kind: 'queued';
  trackOpens: boolean;
  /** Keyed by lower-cased address; read it through `campaignRecipient` and `campaignRecipients`. */
  recipients: RecipientBook;
  /** Recipients whose outcome is still pending, so completion is known without a scan. */
  pending: number;
  completed: boolean;
}

export type CampaignState = { kind: 'none' } | QueuedCampaign;

/**
 * The recipients of a campaign as a persistent map: an update copies one of a fixed number of
 * buckets, never the whole campaign. With one plain object, folding a 5,000-recipient campaign and
 * its 5,000 reports copied 25 million entries (12 s); this way it is a few milliseconds.
 */
type RecipientBook = readonly ReadonlyMap<string, RecipientProgress>[];
const BUCKETS = 64;

const recipientKey = (email: string): string => email.trim().toLowerCase();
const isSettled = (recipient: RecipientProgress): boolean => recipient.outcome !== 'pending';

function bucketOf(key: string): number {
  let hash = 0;
  for (let index = 0; index < key.length; index++) hash = (hash * 31 + key.charCodeAt(index)) | 0;
  return (hash >>> 0) % BUCKETS;
}

function bookOf(recipients: Iterable<RecipientProgress>): RecipientBook {
  const buckets = Array.from({ length: BUCKETS }, () => new Map<string, RecipientProgress>());
  for (const recipient of recipients) buckets[bucketOf(recipientKey(recipient.email))]!.set(recipientKey(recipient.email), recipient);
  return buckets;
}

const bookGet = (book: RecipientBook, key: string): RecipientProgress | undefined => book[bucketOf(key)]!.get(key);

function bookSet(book: RecipientBook, key: string, recipient: RecipientProgress): RecipientBook {
  const index = bucketOf(key);
  const copy = book.slice();
  copy[index] = new Map(book[index]).set(key, recipient);
  return copy;
}

/** One recipient's progress, by address in any letter case; undefined for a stranger or no campaign. */
export function campaignRecipient(state: CampaignState, email: string): RecipientProgress | undefined {
  return state.kind === 'queued' ? bookGet(state.recipients, recipientKey(email)) : undefined;
}

/** Every recipient's progress (in no particular order). */
export function campaignRecipients(state: CampaignState): RecipientProgress[] {
  return state.kind === 'queued' ? state.recipients.flatMap((bucket) => [...bucket.values()]) : [];
}

function queuedCampaign(state: CampaignState): QueuedCampaign {
  if (state.kind !== 'queued') return reject('not_found', EMAIL_MESSAGES.campaignNotFound);
  return state;
}

function recipientOf(campaign: QueuedCampaign, email: string): RecipientProgress {
  return bookGet(campaign.recipients, recipientKey(email)) ?? reject('not_found', EMAIL_MESSAGES.notARecipient);
}

function queue(command: QueueCampaign, state: CampaignState, context: CommandContext): CampaignEvent[] {
  const campaign = parseOrReject(queueCampaignSchema, command.campaign);
  const scheduleProblem = scheduledTimeProblem(campaign.scheduledFor, context.now);
  if (scheduleProblem) reject('invalid', scheduleProblem, [{ field: 'scheduledFor', message: scheduleProblem }]);
  if (state.kind !== 'none') reject('conflict', EMAIL_MESSAGES.campaignExists);
  return [{ type: 'CampaignQueued', data: { campaignId: command.campaignId, ...campaign, requestedBy: context.actor.id } }];
}

/** Appends CampaignCompleted when `settling` (of a pending recipient) leaves no recipient pending. */
function withCompletion(campaign: QueuedCampaign, settling: CampaignEvent, campaignId: string): CampaignEvent[] {
  if (campaign.completed || campaign.pending > 1) return [settling];
  const after = evolve(campaign, settling);
  const recipients = campaignRecipients(after);
  if (!recipients.every(isSettled)) return [settling];
  const sent = recipients.filter((recipient) => recipient.outcome === 'sent').length;
  return [settling, { type: 'CampaignCompleted', data: { campaignId, sent, failed: recipients.length - sent } }];
}

function recordSent(command: RecordRecipientSent, state: CampaignState): CampaignEvent[] {
  const { messageId } = parseOrReject(recipientSentSchema, command);
  const campaign = queuedCampaign(state);
  const recipient = recipientOf(campaign, command.email);
  if (isSettled(recipient)) return [];
  return withCompletion(campaign, { type: 'CampaignRecipientSent', data: { campaignId: command.campaignId, email: recipient.email, messageId } }, command.campaignId);
}

function recordFailed(command: RecordRecipientFailed, state: CampaignState): CampaignEvent[] {
  const { reason, attempt, final } = parseOrReject(recipientFailedSchema, command);
  const campaign = queuedCampaign(state);
  const recipient = recipientOf(campaign, command.email);
  if (isSettled(recipient) || attempt <= recipient.failedAttempts) return [];
  const failed: CampaignEvent = { type: 'CampaignRecipientFailed', data: { campaignId: command.campaignId, email: recipient.email, reason, attempt, final } };
  return final ? withCompletion(campaign, failed, command.campaignId) : [failed];
}

function recordOpened(command: RecordEmailOpened, state: CampaignState): CampaignEvent[] {
  const campaign = queuedCampaign(state);
  const recipient = recipientOf(campaign, command.email);
  if (!campaign.trackOpens || recipient.opened) return [];
  return [{ type: 'CampaignEmailOpened', data: { campaignId: command.campaignId, email: recipient.email } }];
}

function updateRecipient(state: CampaignState, email: string, change: (recipient: RecipientProgress) => RecipientProgress): CampaignState {
  if (state.kind !== 'queued') return state;
  const key = recipientKey(email);
  const recipient = bookGet(state.recipients, key);
  if (!recipient) return state;
  const changed = change(recipient);
  const pending = state.pending - (isSettled(changed) && !isSettled(recipient) ? 1 : 0);
  return { ...state, recipients: bookSet(state.recipients, key, changed), pending };
}

function evolve(state: CampaignState, event: CampaignEvent): CampaignState {
  switch (event.type) {
    case 'CampaignQueued': {
      const recipients = bookOf(event.data.recipients.map(({ email }) => ({ email, outcome: 'pending', failedAttempts: 0, opened: false }) satisfies RecipientProgress));
      return { kind: 'queued', trackOpens: event.data.trackOpens, recipients, pending: recipients.reduce((count, bucket) => count + bucket.size, 0), completed: false };
    }
    case 'CampaignRecipientSent':
      return updateRecipient(state, event.data.email, (recipient) => ({ ...recipient, outcome: 'sent' }));
    case 'CampaignRecipientFailed': {
      const { attempt, final } = event.data;
      return updateRecipient(state, event.data.email, (recipient) => ({ ...recipient, failedAttempts: attempt, outcome: final ? 'failed' : recipient.outcome }));
    }
    case 'CampaignEmailOpened':
      return updateRecipient(state, event.data.email, (recipient) => ({ ...recipient, opened: true }));
    case 'CampaignCompleted':
      return state.kind === 'queued' ? { ...state, completed: true } : state;
  }
}

export const campaignDecider: Decider<CampaignCommand, CampaignEvent, CampaignState> = {
  initialState: { kind: 'none' },
  decide(command, state, context) {
    switch (command.type) {
      case 'QueueCampaign':
        return queue(command, state, context);
      case 'RecordRecipientSent':
        return recordSent(command, state);
      case 'RecordRecipientFailed':
        return recordFailed(command, state);
      case 'RecordEmailOpened':
        return recordOpened(command, state);
    }
  },
  evolve,
};
