import { isDuplicateKeyError, type Collection, type Db, type Document } from '@placement/platform';
import { ensureIndexes } from '../mongo-indexes';
import { describeWork, type DeadLetterMessage, type WorkItem } from './work';

export const DEAD_LETTERS_COLLECTION = 'notifier_dead_letters';

export interface DeadLetterRecord {
  _id: string;
  item: WorkItem;
  eventId: string | null;
  eventType: string | null;
  recipient: string | null;
  /** Of the request behind the work: the same id is in the service logs, the event and the mail's headers. */
  correlationId: string | null;
  attempts: number;
  reason: string;
  permanent: boolean;
  firstFailedAt: Date;
  deadAt: Date;
  /** 'retried' once an admin sent it for another round of tries; back to 'dead' if that round fails too. */
  status: 'dead' | 'retried';
  retriedAt: Date | null;
  retriedBy: string | null;
}

/** What admins see of a dead letter. */
export function deadLetterView(record: DeadLetterRecord) {
  return {
    id: record._id,
    kind: record.item.kind,
    eventId: record.eventId,
    eventType: record.eventType,
    recipient: record.recipient,
    correlationId: record.correlationId ?? null,
    attempts: record.attempts,
    reason: record.reason,
    permanent: record.permanent,
    firstFailedAt: record.firstFailedAt.toISOString(),
    deadAt: record.deadAt.toISOString(),
    status: record.status,
    retriedAt: record.retriedAt?.toISOString() ?? null,
    retriedBy: record.retriedBy,
  };
}

/** The dead-letter topic as a list admins can read and act on (fed by the notifier's own consumer group). */
export class DeadLetters {
  readonly records: Collection<DeadLetterRecord>;

  constructor(db: Db) {
    this.records = db.collection<DeadLetterRecord>(DEAD_LETTERS_COLLECTION);
  }

  async init(): Promise<void> {
    await ensureIndexes(this.records, [{ status: 1, deadAt: -1 }, { deadAt: -1 }]);
  }

  /** Idempotent per message: a redelivered dead letter changes nothing; a later death of the same work replaces it. */
  async record(letter: DeadLetterMessage): Promise<void> {
    const deadAt = new Date(letter.deadAt);
    const fields = {
      item: letter.item,
      ...describeWork(letter.item),
      correlationId: letter.correlationId ?? (letter.item.kind === 'event' ? letter.item.event.metadata.correlationId : null) ?? null,
      attempts: letter.attempts,
      reason: letter.reason,
      permanent: letter.permanent,
      firstFailedAt: new Date(letter.firstFailedAt),
      deadAt,
      status: 'dead' as const,
      retriedAt: null,
      retriedBy: null,
    };
    try {
      await this.records.updateOne({ _id: letter.id, $or: [{ deadAt: { $lt: deadAt } }, { deadAt: { $exists: false } }] } as Document, { $set: fields }, { upsert: true });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  async list(status: 'dead' | 'retried' | 'all', limit: number): Promise<{ records: DeadLetterRecord[]; total: number }> {
    const filter = status === 'all' ? {} : { status };
    const [records, total] = await Promise.all([this.records.find(filter).sort({ deadAt: -1, _id: 1 }).limit(limit).toArray(), this.records.countDocuments(filter)]);
    return { records, total };
  }

  async get(id: string): Promise<DeadLetterRecord | null> {
    return this.records.findOne({ _id: id });
  }

  async markRetried(id: string, by: string | null): Promise<DeadLetterRecord | null> {
    return this.records.findOneAndUpdate({ _id: id }, { $set: { status: 'retried', retriedAt: new Date(), retriedBy: by } }, { returnDocument: 'after' });
  }
}
