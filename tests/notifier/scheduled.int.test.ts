/**
 * A scheduled campaign survives restarts of every service in between (the notifier killed, the relay
 * and the command-api stopped) and goes out once, at its time and not before.
 */
import { campaignStreamId } from '@placement/domain';
import { signedInUser, startCommandApi, type CommandApiUnderTest } from '../../command-api/src/test-support';
import { BULK_CHUNKS_COLLECTION } from '../../notifier/src/bulk/bulk-sends';
import { SENT_LOG_COLLECTION } from '../../notifier/src/mail/sent-log';
import type { ServiceProcess } from '../support/processes';
import { createNamespace, kill, notifierSettled, spawnInNamespace, until, type Namespace } from './support';

describe('a scheduled campaign across restarts', () => {
  let ns: Namespace;
  let api: CommandApiUnderTest | undefined;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    ns = await createNamespace();
  }, 60_000);

  afterAll(async () => {
    for (const process of processes) if (process.child.exitCode === null && process.child.signalCode === null) await kill(process, 'SIGTERM');
    await api?.stop();
    await ns?.dispose();
  }, 60_000);

  it('goes out at its time after every service restarted, and not before', async () => {
    api = await startCommandApi(ns.env);
    const projectors = await spawnInNamespace('projectors', ns);
    const notifier = await spawnInNamespace('notifier', ns);
    processes.push(projectors, notifier);
    const staff = await signedInUser(api, 'staff');
    const readers = await Promise.all([1, 2, 3].map((n) => signedInUser(api!, 'student', { fullName: `Reader ${n}` })));
    const subject = `Pre-placement talk ${ns.id}`;
    const scheduledFor = new Date(Date.now() + 15_000);
    const form = new FormData();
    form.append('subject', subject);
    form.append('content', '<p>The pre-placement talk starts in an hour.</p>');
    form.append('recipients', JSON.stringify(readers.map((reader) => reader.id)));
    form.append('scheduledDateTime', scheduledFor.toISOString());
    const reply = await api.request('POST', '/api/email/send', { token: staff.token, form });
    expect(reply.status).toBe(202);
    expect(reply.body.scheduledFor).toBe(scheduledFor.toISOString());
    const campaignId = reply.body.campaignId as string;

    // The notifier has taken the campaign in (its chunk waits in MongoDB); then every service goes down.
    const chunks = ns.mongo.db.collection<{ sendId: string; dueAt: Date; state: string }>(BULK_CHUNKS_COLLECTION);
    const chunk = await until(async () => chunks.findOne({}), { what: 'campaign taken in' });
    expect(chunk.dueAt.toISOString()).toBe(scheduledFor.toISOString());
    await kill(notifier, 'SIGKILL');
    await kill(projectors, 'SIGTERM');
    await api.stop();
    api = undefined;

    api = await startCommandApi(ns.env);
    processes.push(await spawnInNamespace('projectors', ns));
    processes.push(await spawnInNamespace('notifier', ns));

    const mails = await ns.mailbox.waitForSubject(subject, 3, { timeoutMs: scheduledFor.getTime() - Date.now() + 30_000 });
    // The chunk done, no mail left claimed and every event handled (the new process joins the event group
    // once the killed member's session has run out): a mail sent twice would be in the mailbox now.
    await notifierSettled(ns, { timeoutMs: 90_000 });
    expect((await ns.mailbox.withSubject(subject)).length).toBe(3);
    // Not before its time: the server stamps when it received each mail, the sent log when it was accepted.
    expect(mails.flatMap((mail) => mail.to.map((to) => to.address)).sort()).toEqual(readers.map((reader) => reader.email).sort());
    // The server's stamps are to the second; the sent log's to the millisecond.
    for (const mail of mails) expect(Date.parse(mail.time)).toBeGreaterThanOrEqual(Math.floor(scheduledFor.getTime() / 1000) * 1000);
    const sent = await ns.mongo.db.collection<{ sentAt: Date }>(SENT_LOG_COLLECTION).find({ eventId: chunk.sendId }).toArray();
    expect(sent).toHaveLength(3);
    for (const record of sent) expect(record.sentAt.getTime()).toBeGreaterThanOrEqual(scheduledFor.getTime());
    const events = await until(
      async () => {
        const stream = await api!.deps.store.readStream(campaignStreamId(campaignId));
        return stream.some((event) => event.type === 'CampaignCompleted') && stream;
      },
      { what: 'campaign completed' },
    );
    expect(events.filter((event) => event.type === 'CampaignRecipientSent')).toHaveLength(3);
  }, 180_000);
});
