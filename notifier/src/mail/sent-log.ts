import { isDuplicateKeyError, type Collection, type Db } from '@placement/platform';

export const SENT_LOG_COLLECTION = 'notifier_sent';

/**
 * One document per mail (event id + recipient):
 * - `sending`: claimed by a process until `claimedUntil`; if that process dies, nobody knows whether the
 *   SMTP server accepted the mail. The next claim after expiry sends again (same Message-ID) and counts it.
 * - `sent`: the SMTP server accepted it; never sent again.
 * - `failed`: the server refused it; the next try claims it at once.
 */
export interface SentRecord {
  _id: string;
  state: 'sending' | 'sent' | 'failed';
  eventId: string;
  recipientHash: string;
  kind: string;
  messageId: string;
  claimedBy: string;
  claimedUntil: Date;
  claims: number;
  sentAt?: Date;
  response?: string;
}

export type ClaimOutcome = 'claimed' | 'claimed-in-doubt' | 'sent' | 'busy';

export class SentLog {
  readonly records: Collection<SentRecord>;

  /** `now`: the clock claims expire by (a test seam: a claim made "a minute ago" has expired). */
  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.records = db.collection<SentRecord>(SENT_LOG_COLLECTION);
  }

  /**
   * Takes the right to send one mail. `claimed-in-doubt`: an earlier claim expired without a record
   * of the outcome (its process died), so this send may be a duplicate.
   */
  async claim(key: string, record: Pick<SentRecord, 'eventId' | 'recipientHash' | 'kind' | 'messageId'>, owner: string, ttlMs: number): Promise<ClaimOutcome> {
    const now = new Date(this.now());
    const claimedUntil = new Date(now.getTime() + ttlMs);
    try {
      await this.records.insertOne({ _id: key, ...record, state: 'sending', claimedBy: owner, claimedUntil, claims: 1 });
      return 'claimed';
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const previous = await this.records.findOneAndUpdate(
      { _id: key, $or: [{ state: 'failed' }, { state: 'sending', claimedUntil: { $lt: now } }] },
      { $set: { state: 'sending', claimedBy: owner, claimedUntil }, $inc: { claims: 1 } },
      { returnDocument: 'before' },
    );
    if (previous) return previous.state === 'sending' ? 'claimed-in-doubt' : 'claimed';
    const current = await this.records.findOne({ _id: key }, { projection: { state: 1 } });
    return current?.state === 'sent' ? 'sent' : 'busy';
  }

  async markSent(key: string, owner: string, response: string): Promise<void> {
    await this.records.updateOne({ _id: key, claimedBy: owner }, { $set: { state: 'sent', sentAt: new Date(this.now()), response } });
  }

  /** The server refused the mail: the next try may claim it at once. */
  async markFailed(key: string, owner: string, response: string): Promise<void> {
    await this.records.updateOne({ _id: key, claimedBy: owner, state: 'sending' }, { $set: { state: 'failed', response } });
  }

  async state(key: string): Promise<SentRecord['state'] | undefined> {
    return (await this.records.findOne({ _id: key }, { projection: { state: 1 } }))?.state;
  }
}
