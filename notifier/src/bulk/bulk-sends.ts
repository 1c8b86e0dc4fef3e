import type { CampaignAttachment, JobAnnouncement } from '@placement/domain';
import { isDuplicateKeyError, type Collection, type Db } from '@placement/platform';
import { ensureIndexes } from '../mongo-indexes';

export interface BulkRecipient {
  userId: string;
  email: string;
  fullName: string;
}

export type BulkMail =
  | { kind: 'campaign'; campaignId: string; subject: string; content: string; attachments: CampaignAttachment[]; trackOpens: boolean }
  | { kind: 'job-announcement'; jobId: string; job: JobAnnouncement };

/** One mail to many: a campaign or a job announcement, keyed by the event that asked for it. */
export interface BulkSend {
  _id: string;
  mail: BulkMail;
  recipients: number;
  chunks: number;
  /** Not sent before this instant (a scheduled campaign's time). */
  dueAt: Date;
  createdAt: Date;
  /** Of the request that asked for it: the events the notifier records continue its story. */
  correlationId: string;
}

/**
 * The unit of work a notifier process claims: some recipients of one bulk send. A claim is a lease
 * that its holder renews; when the holder dies, the lease runs out and another process (or the same
 * one restarted) continues where the sent log says it stopped.
 */
export interface BulkChunk {
  _id: string;
  sendId: string;
  index: number;
  recipients: BulkRecipient[];
  dueAt: Date;
  state: 'pending' | 'done';
  leaseOwner: string | null;
  leaseUntil: Date;
  doneAt?: Date;
}

export const BULK_SENDS_COLLECTION = 'notifier_bulk_sends';
export const BULK_CHUNKS_COLLECTION = 'notifier_bulk_chunks';

/** Bulk sends and their chunks in MongoDB: what survives a restart of every service, schedules included. */
export class BulkSends {
  readonly sends: Collection<BulkSend>;
  readonly chunks: Collection<BulkChunk>;

  constructor(db: Db) {
    this.sends = db.collection<BulkSend>(BULK_SENDS_COLLECTION);
    this.chunks = db.collection<BulkChunk>(BULK_CHUNKS_COLLECTION);
  }

  async init(): Promise<void> {
    await ensureIndexes(this.chunks, [{ state: 1, dueAt: 1 }, { sendId: 1 }]);
  }

  /** Idempotent: a redelivered event finds its send and chunks in place and adds nothing. */
  async enqueue(send: Omit<BulkSend, 'recipients' | 'chunks' | 'createdAt'>, recipients: BulkRecipient[], chunkSize: number): Promise<void> {
    const chunks: BulkChunk[] = [];
    for (let start = 0; start < recipients.length; start += chunkSize) {
      const index = chunks.length;
      chunks.push({ _id: `${send._id}:${index}`, sendId: send._id, index, recipients: recipients.slice(start, start + chunkSize), dueAt: send.dueAt, state: 'pending', leaseOwner: null, leaseUntil: new Date(0) });
    }
    try {
      await this.sends.insertOne({ ...send, recipients: recipients.length, chunks: chunks.length, createdAt: new Date() });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    if (chunks.length === 0) return;
    try {
      await this.chunks.insertMany(chunks, { ordered: false });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  async send(sendId: string): Promise<BulkSend | null> {
    return this.sends.findOne({ _id: sendId });
  }

  /** The earliest due chunk nobody holds, now leased to `owner`; null when none is due. */
  async claimDue(owner: string, leaseMs: number): Promise<BulkChunk | null> {
    const now = new Date();
    return this.chunks.findOneAndUpdate(
      { state: 'pending', dueAt: { $lte: now }, leaseUntil: { $lte: now } },
      { $set: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) } },
      { sort: { dueAt: 1, _id: 1 }, returnDocument: 'after' },
    );
  }

  /** False when the lease is no longer ours (it ran out and another process took the chunk). */
  async renew(chunkId: string, owner: string, leaseMs: number): Promise<boolean> {
    const result = await this.chunks.updateOne({ _id: chunkId, leaseOwner: owner, state: 'pending' }, { $set: { leaseUntil: new Date(Date.now() + leaseMs) } });
    return result.matchedCount === 1;
  }

  async complete(chunkId: string, owner: string): Promise<void> {
    await this.chunks.updateOne({ _id: chunkId, leaseOwner: owner }, { $set: { state: 'done', doneAt: new Date() } });
  }

  /** Gives a chunk back at once (a clean shutdown), so the next process need not wait for the lease. */
  async release(chunkId: string, owner: string): Promise<void> {
    await this.chunks.updateOne({ _id: chunkId, leaseOwner: owner, state: 'pending' }, { $set: { leaseOwner: null, leaseUntil: new Date(0) } });
  }
}
