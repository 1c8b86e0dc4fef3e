import { isDuplicateKeyError, type Db } from '@placement/platform';

export const NOTIFIER_STATE_COLLECTION = 'notifier_state';

/**
 * The instant the notifier first started in this deployment, recorded once. The notifier reads every
 * topic from its beginning (nothing after its first start can be missed, whenever its groups join),
 * and mails nothing about what happened before that instant: a notifier deployed onto an existing
 * log does not mail its history, however far the relay has got when the notifier's groups join.
 */
export async function mailsSince(db: Db, now: Date = new Date()): Promise<Date> {
  const state = db.collection<{ _id: string; at: Date }>(NOTIFIER_STATE_COLLECTION);
  try {
    await state.insertOne({ _id: 'mails-since', at: now });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const recorded = await state.findOne({ _id: 'mails-since' });
  return recorded!.at;
}

/**
 * When an event's mail belongs in time: when it happened, or for a scheduled campaign, when it is due
 * (a campaign queued before the first start for a time after it still goes out).
 */
export function mailTimeOf(event: { type: string; data: unknown; metadata: { occurredAt: string } }): number {
  const occurred = Date.parse(event.metadata.occurredAt);
  const scheduledFor = event.type === 'CampaignQueued' ? (event.data as { scheduledFor?: unknown } | null)?.scheduledFor : undefined;
  return typeof scheduledFor === 'string' ? Math.max(occurred, Date.parse(scheduledFor)) : occurred;
}
