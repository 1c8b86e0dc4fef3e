import { isDuplicateKeyError, type Admin, type Collection, type Db, type Document, type Kafka, type Logger, type RelayedEvent } from '@placement/platform';
import { ensureIndexes } from '../mongo-indexes';
import type { JobSummary } from '../templates';
import { groupCaughtUp, SharedCaughtUpCheck } from './caught-up';

export const JOB_DIRECTORY_COLLECTION = 'notifier_jobs';

/** What an application mail names of a job: its role and company. */
export interface JobEntry {
  _id: string;
  profiles: string;
  companyName: string;
  deleted: boolean;
  /** Global position of the last event applied (makes replays change nothing). */
  _v: number;
}

type EntryFields = Partial<Omit<JobEntry, '_id' | '_v'>>;

/** The change a job event makes to the directory (pure), or null for events that change nothing here. */
export function jobDirectoryChange(event: Pick<RelayedEvent, 'type' | 'data'>): { jobId: string; set: EntryFields } | null {
  const data = event.data as Record<string, unknown> & { jobId: string };
  switch (event.type) {
    case 'JobPosted': {
      const { profiles, companyName } = data as unknown as JobSummary;
      return { jobId: data.jobId, set: { profiles, companyName, deleted: false } };
    }
    case 'JobEdited': {
      const after = (data.after ?? {}) as Partial<JobSummary>;
      const set: EntryFields = {};
      if (after.profiles !== undefined) set.profiles = after.profiles;
      if (after.companyName !== undefined) set.companyName = after.companyName;
      return Object.keys(set).length > 0 ? { jobId: data.jobId, set } : null;
    }
    case 'JobDeleted':
      return { jobId: data.jobId, set: { deleted: true } };
    default:
      return null;
  }
}

const notYetApplied = (position: number): Document => ({ $or: [{ _v: { $lt: position } }, { _v: { $exists: false } }] });

/**
 * The role and company of every job, fed from the jobs topic by the directory's consumer group, as the
 * students are from the users topic: the notifier reads no stream of the event store to write a mail.
 */
export class JobDirectory {
  readonly entries: Collection<JobEntry>;
  private admin: Admin | undefined;
  private readonly caughtUp: SharedCaughtUpCheck;

  constructor(
    db: Db,
    private readonly kafka: Kafka,
    private readonly jobsTopic: string,
    readonly groupId: string,
    private readonly waitMs: number,
    private readonly logger: Logger,
  ) {
    this.entries = db.collection<JobEntry>(JOB_DIRECTORY_COLLECTION);
    this.caughtUp = new SharedCaughtUpCheck(async () => {
      if (!this.admin) throw new Error('job directory not started');
      return groupCaughtUp(this.admin, this.groupId, this.jobsTopic, this.waitMs, this.logger);
    });
  }

  async start(): Promise<void> {
    await ensureIndexes(this.entries, [{ deleted: 1 }]);
    this.admin = this.kafka.admin();
    await this.admin.connect();
  }

  async stop(): Promise<void> {
    await this.admin?.disconnect();
  }

  async apply(event: RelayedEvent): Promise<void> {
    const change = jobDirectoryChange(event);
    if (!change) return;
    try {
      await this.entries.updateOne({ _id: change.jobId, ...notYetApplied(event.position) } as Document, { $set: { ...change.set, _v: event.position } }, { upsert: true });
    } catch (error) {
      // The entry already holds a later event: this one is a replay.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /**
   * The job an application event names, as it stood when the event was published: the job's own
   * events came earlier in the log, so the directory is first brought up to the jobs topic as it
   * stood when the event reached the notifier, at `receivedAt` (bounded by the wait; after that, what
   * it knows).
   */
  async summary(jobId: string, receivedAt: number): Promise<JobSummary | undefined> {
    await this.caughtUp.since(receivedAt);
    const found = await this.entries.findOne({ _id: jobId, deleted: false });
    return found ? { profiles: found.profiles, companyName: found.companyName } : undefined;
  }
}
