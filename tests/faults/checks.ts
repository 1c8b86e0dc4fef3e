import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from 'mongodb';
import { APPLICATION_COLLECTIONS, EMAIL_COLLECTIONS, USER_COLLECTIONS, type EventStore, type Mailbox, type RecordedEvent } from '@placement/platform';
import { checkpoints } from '../../projectors/src/checkpoints';
import { ALL_PROJECTIONS } from '../../projectors/src/projections';
import { RELAY_CHECKPOINT } from '../../projectors/src/relay';
import { rawCollections, runToHead } from '../../projectors/src/test-support';
import { SENT_LOG_COLLECTION, type SentRecord } from '../../notifier/src/mail/sent-log';
import type { Accepted } from './load';

/** Events that each send one mail, to the address in their data. */
const MAILED_EVENT_TYPES = new Set(['VerificationTokenIssued', 'ApplicationSubmitted', 'ApplicationStatusChanged']);

/** The whole event log, read once and then only what was appended since. */
export class EventLog {
  readonly events: RecordedEvent[] = [];
  private position = 0;

  constructor(private readonly store: EventStore) {}

  async refresh(): Promise<RecordedEvent[]> {
    for (;;) {
      const page = await this.store.readAll({ fromPosition: this.position, maxCount: 2_000 });
      if (page.length === 0) return this.events;
      this.events.push(...page);
      this.position = page.at(-1)!.position;
    }
  }
}

export const waitFor = async (what: string, probe: () => Promise<boolean>, timeoutMs: number, intervalMs = 250): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      // A probe that cannot reach a server yet is a no.
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(intervalMs);
  }
};

/** The projections and the relay whose saved checkpoint is before the head of the log, each with where it is (and the event it is stuck at, if any). */
export async function checkpointsBehind(db: Db, store: EventStore): Promise<string[]> {
  const head = await store.headPosition();
  const saved = new Map((await checkpoints(db).find().toArray()).map((checkpoint) => [checkpoint._id, checkpoint]));
  return [...ALL_PROJECTIONS.map((projection) => projection.name), RELAY_CHECKPOINT].flatMap((name) => {
    const checkpoint = saved.get(name);
    const position = checkpoint?.position ?? 0;
    return position >= head ? [] : [`${name} at ${position} of ${head}${checkpoint?.stuck ? ` (stuck: ${JSON.stringify(checkpoint.stuck)})` : ''}`];
  });
}

/** Every projection and the relay have passed the head of the log. */
export async function projectionsAtHead(db: Db, store: EventStore): Promise<boolean> {
  return (await checkpointsBehind(db, store)).length === 0;
}

/** What was not where it should be: each entry names one accepted command. */
export interface Findings {
  missingFromLog: string[];
  missingFromReadModels: string[];
}

/** Every command answered 2xx is in the event log, and the read models show it. */
export async function findAccepted(accepted: Accepted, log: EventLog, db: Db): Promise<Findings> {
  const events = await log.refresh();
  const registered = new Set(events.filter((event) => event.type === 'UserRegistered').map((event) => (event.data as { email: string }).email.toLowerCase()));
  const submitted = new Set(events.filter((event) => event.type === 'ApplicationSubmitted').map((event) => (event.data as { applicationId: string }).applicationId));
  const lastStatus = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'ApplicationStatusChanged') lastStatus.set((event.data as { applicationId: string }).applicationId, (event.data as { to: string }).to);
  }
  const queued = new Set(events.filter((event) => event.type === 'CampaignQueued').map((event) => event.streamId));
  const missingFromLog: string[] = [
    ...accepted.signUps.filter((user) => !registered.has(user.email.toLowerCase())).map((user) => `sign-up ${user.email}`),
    ...[...accepted.applications.values()].filter((application) => !submitted.has(application.applicationId)).map((application) => `application ${application.applicationId}`),
    ...[...accepted.applications.values()]
      .filter((application) => !application.uncertain && application.status !== 'Applied' && lastStatus.get(application.applicationId) !== application.status)
      .map((application) => `status ${application.status} of ${application.applicationId} (log: ${lastStatus.get(application.applicationId) ?? 'none'})`),
    ...accepted.campaigns.filter((campaign) => !queued.has(`campaign-${campaign.campaignId}`)).map((campaign) => `campaign ${campaign.campaignId}`),
  ];

  const users = new Set((await db.collection(USER_COLLECTIONS.users).find({}, { projection: { email: 1 } }).toArray()).map((user) => String(user.email).toLowerCase()));
  const applications = new Map((await db.collection(APPLICATION_COLLECTIONS.applications).find({}, { projection: { status: 1 } }).toArray()).map((application) => [String(application._id), String(application.status)]));
  const campaigns = new Set((await db.collection(EMAIL_COLLECTIONS.campaigns).find({}, { projection: { _id: 1 } }).toArray()).map((campaign) => String(campaign._id)));
  const missingFromReadModels: string[] = [
    ...accepted.signUps.filter((user) => !users.has(user.email.toLowerCase())).map((user) => `user ${user.email}`),
    ...[...accepted.applications.values()]
      .filter((application) => !applications.has(application.applicationId) || (!application.uncertain && applications.get(application.applicationId) !== application.status))
      .map((application) => `application ${application.applicationId} as ${application.status} (read model: ${applications.get(application.applicationId) ?? 'absent'})`),
    ...accepted.campaigns.filter((campaign) => !campaigns.has(campaign.campaignId)).map((campaign) => `campaign ${campaign.campaignId}`),
  ];
  return { missingFromLog, missingFromReadModels };
}

/**
 * The live read models against a clean replay of the same log into `clean` (a database only this check
 * writes, advanced from its own checkpoints: replaying in steps gives what one replay gives, since every
 * projection is a pure function of the log). Answers the collections that differ.
 */
export async function differencesFromRebuild(store: EventStore, live: Db, clean: Db): Promise<string[]> {
  const differing: string[] = [];
  for (const projection of ALL_PROJECTIONS) {
    await runToHead(projection, store, clean, 120_000);
    const [ours, theirs] = await Promise.all([rawCollections(live, projection.collections), rawCollections(clean, projection.collections)]);
    for (const collection of projection.collections) {
      if (ours[collection]!.equals(theirs[collection]!)) continue;
      differing.push(collection);
      console.log(`${collection} differs from a clean rebuild:\n${await documentsApart(live, clean, collection)}`);
    }
  }
  return differing;
}

/** The documents of a collection that differ between two databases (at most five), each side as JSON, for the log. */
async function documentsApart(live: Db, clean: Db, collection: string): Promise<string> {
  const byId = async (db: Db) => new Map((await db.collection(collection).find().toArray()).map((document) => [JSON.stringify(document._id), JSON.stringify(document)]));
  const [ours, theirs] = await Promise.all([byId(live), byId(clean)]);
  const ids = [...new Set([...ours.keys(), ...theirs.keys()])].filter((id) => ours.get(id) !== theirs.get(id));
  return ids
    .slice(0, 5)
    .map((id) => `  live:    ${ours.get(id) ?? '(none)'}\n  rebuilt: ${theirs.get(id) ?? '(none)'}`)
    .join('\n');
}

export interface MailFindings {
  /** Mails the SMTP server holds, by distinct Message-ID. */
  delivered: number;
  /** Extra copies of a Message-ID the SMTP server holds (each mail should be there once). */
  duplicatesInInbox: number;
  /** Mails the notifier recorded as sent that the SMTP server does not hold. */
  lostAfterSending: string[];
  /** Mailed events without a sent mail, and sent-log records not (yet) sent. */
  notSent: string[];
}

const bareMessageId = (value: unknown) => String(Array.isArray(value) ? value[0] : value).replace(/^<|>$/g, '');

/** Every mail went once: each mailed event has its sent record, and the SMTP server holds each sent mail exactly once. */
export async function findMails(log: EventLog, db: Db, mailbox: Mailbox): Promise<MailFindings> {
  const events = await log.refresh();
  const records = await db.collection<SentRecord>(SENT_LOG_COLLECTION).find().toArray();
  const sentEventIds = new Set(records.filter((record) => record.state === 'sent').map((record) => record.eventId));
  const copies = new Map<string, number>();
  for (const mail of await mailbox.all()) {
    const id = bareMessageId(mail.headers['message-id']);
    copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  return {
    delivered: copies.size,
    duplicatesInInbox: [...copies.values()].reduce((sum, count) => sum + count - 1, 0),
    lostAfterSending: records.filter((record) => record.state === 'sent' && !copies.has(bareMessageId(record.messageId))).map((record) => `${record.kind} ${record._id}`),
    notSent: [
      ...events.filter((event) => MAILED_EVENT_TYPES.has(event.type) && !sentEventIds.has(event.eventId)).map((event) => `${event.type} ${event.eventId}`),
      ...records.filter((record) => record.state !== 'sent').map((record) => `${record.kind} ${record._id} ${record.state}`),
    ],
  };
}

/** Campaigns whose every recipient was sent, as the notifier records it in the log. */
export function completedCampaigns(log: EventLog): Map<string, { sent: number; failed: number }> {
  const completed = new Map<string, { sent: number; failed: number }>();
  for (const event of log.events) {
    if (event.type === 'CampaignCompleted') completed.set(event.streamId.replace(/^campaign-/, ''), event.data as { sent: number; failed: number });
  }
  return completed;
}
