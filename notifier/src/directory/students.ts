import type { Role, UserStatus } from '@placement/domain';
import { isDuplicateKeyError, type Admin, type Collection, type Db, type Document, type Kafka, type Logger, type RelayedEvent } from '@placement/platform';
import type { BulkRecipient } from '../bulk/bulk-sends';
import { ensureIndexes } from '../mongo-indexes';
import { groupCaughtUp } from './caught-up';

export const DIRECTORY_COLLECTION = 'notifier_recipients';

/** What the notifier knows of an account: enough to decide who gets job announcements. */
export interface DirectoryEntry {
  _id: string;
  email: string;
  fullName: string;
  role: Role;
  status: UserStatus;
  verified: boolean;
  deleted: boolean;
  /** Global position of the last event applied (makes replays change nothing). */
  _v: number;
}

type EntryFields = Partial<Omit<DirectoryEntry, '_id' | '_v'>>;

/** The change a user event makes to the directory (pure), or null for events that change nothing here. */
export function directoryChange(event: Pick<RelayedEvent, 'type' | 'data'>): { userId: string; set: EntryFields } | null {
  const data = event.data as Record<string, unknown> & { userId: string };
  switch (event.type) {
    case 'UserRegistered':
    case 'UserCreatedByAdmin': {
      const { email, fullName, role, status, verified } = data as unknown as DirectoryEntry;
      return { userId: data.userId, set: { email, fullName, role, status, verified, deleted: false } };
    }
    case 'EmailVerified':
      return { userId: data.userId, set: { verified: true } };
    case 'UserDetailsChanged': {
      const after = (data.after ?? {}) as { email?: string; fullName?: string };
      const set: EntryFields = {};
      if (after.email !== undefined) set.email = after.email;
      if (after.fullName !== undefined) set.fullName = after.fullName;
      return Object.keys(set).length > 0 ? { userId: data.userId, set } : null;
    }
    case 'UserRoleChanged':
      return { userId: data.userId, set: { role: data.to as Role } };
    case 'UserStatusChanged':
      return { userId: data.userId, set: { status: data.to as UserStatus } };
    case 'UserDeleted':
      return { userId: data.userId, set: { deleted: true } };
    default:
      return null;
  }
}

const notYetApplied = (position: number): Document => ({ $or: [{ _v: { $lt: position } }, { _v: { $exists: false } }] });

/**
 * The notifier's own list of recipients, fed from the users topic by a consumer group of its own
 * (there is no users read model to borrow, and the notifier should not depend on one's schedule).
 * A job announcement asks it for every active, verified student once it has caught up with the
 * users topic as it stood when the announcement arrived.
 */
export class StudentDirectory {
  readonly entries: Collection<DirectoryEntry>;
  private admin: Admin | undefined;

  constructor(
    db: Db,
    private readonly kafka: Kafka,
    private readonly usersTopic: string,
    readonly groupId: string,
    private readonly logger: Logger,
  ) {
    this.entries = db.collection<DirectoryEntry>(DIRECTORY_COLLECTION);
  }

  async start(): Promise<void> {
    await ensureIndexes(this.entries, [{ role: 1, status: 1, verified: 1, deleted: 1 }]);
    this.admin = this.kafka.admin();
    await this.admin.connect();
  }

  async stop(): Promise<void> {
    await this.admin?.disconnect();
  }

  async apply(event: RelayedEvent): Promise<void> {
    const change = directoryChange(event);
    if (!change) return;
    try {
      await this.entries.updateOne({ _id: change.userId, ...notYetApplied(event.position) } as Document, { $set: { ...change.set, _v: event.position } }, { upsert: true });
    } catch (error) {
      // The entry already holds a later event: this one is a replay.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Every active, verified student, in a stable order. */
  async activeVerifiedStudents(): Promise<BulkRecipient[]> {
    const entries = await this.entries
      .find({ role: 'student', status: 'active', verified: true, deleted: false }, { projection: { email: 1, fullName: 1 } })
      .sort({ _id: 1 })
      .toArray();
    return entries.map((entry) => ({ userId: entry._id, email: entry.email, fullName: entry.fullName }));
  }

  /**
   * Waits until the directory has read the users topic as it stands now, or `timeoutMs` passed (false):
   * a student verified before an announcement was requested is in the directory once this answers true.
   */
  caughtUp(timeoutMs: number): Promise<boolean> {
    if (!this.admin) throw new Error('directory not started');
    return groupCaughtUp(this.admin, this.groupId, this.usersTopic, timeoutMs, this.logger);
  }
}
