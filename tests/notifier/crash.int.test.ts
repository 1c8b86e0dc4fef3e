/**
 * Real process kills. The notifier dies (SIGKILL) in the middle of a 500-recipient campaign and the
 * relay (the projectors process) in the middle of publishing 1,000 events; after a restart every
 * recipient has exactly one mail: redelivered and republished work sends nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { APPLICATION_EVENT_VERSIONS, applicationDecider, applicationStreamId, campaignStreamId, NO_ELIGIBILITY_CHECK, USER_EVENT_VERSIONS, userDecider, userStreamId } from '@placement/domain';
import { runCommand, type ReceivedMail, type RunningService } from '@placement/platform';
import { existingJob, signedInUser, startCommandApi, type CommandApiUnderTest } from '../../command-api/src/test-support';
import { SENT_LOG_COLLECTION } from '../../notifier/src/mail/sent-log';
import type { ServiceProcess } from '../support/processes';
import { createNamespace, kill, manyUsers, metricValue, notifierSettled, spawnInNamespace, startNotifier, until, type Namespace } from './support';

/** The events of this test that the notifier mails for. */
const MAILING = new Set(['ApplicationSubmitted', 'ApplicationStatusChanged']);

const byRecipient = (mails: ReceivedMail[]) => {
  const copies = new Map<string, ReceivedMail[]>();
  for (const mail of mails) for (const to of mail.to) copies.set(to.address.toLowerCase(), [...(copies.get(to.address.toLowerCase()) ?? []), mail]);
  return copies;
};

describe('the notifier killed in the middle of a 500-recipient campaign', () => {
  let ns: Namespace;
  let api: CommandApiUnderTest;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    ns = await createNamespace({ NOTIFIER_MAILS_PER_SECOND: '150', NOTIFIER_LEASE_MS: '4000' });
    api = await startCommandApi(ns.env);
  }, 60_000);

  afterAll(async () => {
    for (const process of processes) if (process.child.exitCode === null && process.child.signalCode === null) await kill(process, 'SIGTERM');
    await api?.stop();
    await ns?.dispose();
  }, 60_000);

  it('sends each recipient exactly one mail after a restart, and records each of them once', async () => {
    processes.push(await spawnInNamespace('projectors', ns));
    const first = await spawnInNamespace('notifier', ns);
    processes.push(first);
    const staff = await signedInUser(api, 'staff');
    const students = await manyUsers(api, 500);
    const subject = `Placement week ${ns.id}`;
    const form = new FormData();
    form.append('subject', subject);
    form.append('content', '<p>Dear students, the placement week starts on Monday.</p>');
    form.append('recipients', JSON.stringify(students.map((student) => student.id)));
    const reply = await api.request('POST', '/api/email/send', { token: staff.token, form });
    expect(reply.status).toBe(202);
    const campaignId = reply.body.campaignId as string;

    const sentLog = ns.mongo.db.collection(SENT_LOG_COLLECTION);
    await until(async () => (await sentLog.countDocuments({ state: 'sent' })) >= 150, { timeoutMs: 240_000, intervalMs: 50, what: '150 mails sent' });
    await kill(first, 'SIGKILL');
    const sentAtKill = await sentLog.countDocuments({ state: 'sent' });
    expect(sentAtKill).toBeLessThan(500);

    const second = await spawnInNamespace('notifier', ns);
    processes.push(second);
    const events = await until(
      async () => {
        const stream = await api.deps.store.readStream(campaignStreamId(campaignId));
        return stream.some((event) => event.type === 'CampaignCompleted') && stream;
      },
      { timeoutMs: 300_000, intervalMs: 1000, what: 'campaign completed' },
    );
    // Every chunk done and no mail left claimed: a second copy of any mail would be in the mailbox now.
    // (The new process joins the event group once the killed member's session has run out.)
    await notifierSettled(ns, { timeoutMs: 120_000 });

    const copies = byRecipient(await ns.mailbox.withSubject(subject));
    expect([...copies.keys()].sort()).toEqual(students.map((student) => student.email.toLowerCase()).sort());
    expect([...copies.values()].filter((mails) => mails.length !== 1)).toEqual([]);
    // The mails in flight at the kill were left in doubt; those the SMTP server had accepted were found
    // by Message-ID and not sent again, the others were sent.
    const detected = await metricValue(second.url, 'notifier_duplicates_detected_total');
    const resent = await metricValue(second.url, 'notifier_in_doubt_resends_total');
    console.log(`notifier crash: ${sentAtKill} of 500 sent at the kill; ${detected + resent} left in doubt: ${detected} already accepted (not sent again), ${resent} sent`);

    const sent = events.filter((event) => event.type === 'CampaignRecipientSent');
    expect(sent).toHaveLength(500);
    expect(new Set(sent.map((event) => (event.data as { email: string }).email)).size).toBe(500);
    expect(events.find((event) => event.type === 'CampaignCompleted')!.data).toEqual({ campaignId, sent: 500, failed: 0 });
    expect(await sentLog.countDocuments({ state: 'sent' })).toBe(500);
  }, 420_000);
});

describe('the relay killed in the middle of publishing', () => {
  let ns: Namespace;
  let api: CommandApiUnderTest;
  let notifier: RunningService;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    ns = await createNamespace({ RELAY_BATCH_SIZE: '5' });
    api = await startCommandApi(ns.env);
    notifier = (await startNotifier(ns)).service;
  }, 60_000);

  afterAll(async () => {
    for (const process of processes) if (process.child.exitCode === null && process.child.signalCode === null) await kill(process, 'SIGTERM');
    await notifier?.stop();
    await api?.stop();
    await ns?.dispose();
  }, 60_000);

  it('republishes from its checkpoint, and each applicant still gets exactly one confirmation and one status mail', async () => {
    const admin = await signedInUser(api, 'admin');
    const jobId = await existingJob(api);
    const applicationIds: string[] = [];
    const emails: string[] = [];
    for (let start = 0; start < 500; start += 25) {
      await Promise.all(
        Array.from({ length: 25 }, async (_, n) => {
          const applicationId = randomUUID();
          const studentId = randomUUID();
          const email = `applicant.${ns.id}.${start + n}@gmail.com`;
          applicationIds.push(applicationId);
          emails.push(email);
          // The applicant's account: application mails go only to a student's own address.
          await runCommand(api.deps.store, {
            streamId: userStreamId(studentId),
            decider: userDecider,
            versions: USER_EVENT_VERSIONS,
            command: { type: 'CreateUserByAdmin', userId: studentId, fullName: `Applicant ${start + n}`, email, mobileNo: null, rollNo: `R-${studentId.slice(0, 6)}`, passwordHash: 'not-a-password-hash', role: 'student', status: 'active' },
            context: { now: new Date(), actor: { id: null, role: 'system' } },
            causation: { correlationId: randomUUID(), causationId: null },
          });
          await runCommand(api.deps.store, {
            streamId: applicationStreamId(applicationId),
            decider: applicationDecider,
            versions: APPLICATION_EVENT_VERSIONS,
            command: { type: 'SubmitApplication', applicationId, jobId, studentId, jobStatus: 'approved', fullName: `Applicant ${start + n}`, email, phone: '9876543210', resumeKey: 'resumes/none.pdf', eligibility: NO_ELIGIBILITY_CHECK },
            context: { now: new Date(), actor: { id: null, role: 'student' } },
            causation: { correlationId: randomUUID(), causationId: null },
          });
        }),
      );
    }
    const bulk = await api.request('POST', '/api/applications/bulk/status', { token: admin.token, body: { ids: applicationIds, status: 'Scheduled', interview: { startsAt: '2031-03-18T05:00:00.000Z', durationMinutes: 15, location: 'Room 1' } } });
    expect(bulk.status).toBe(200);
    expect((bulk.body.results as { ok: boolean }[]).every((result) => result.ok)).toBe(true);
    const head = await ns.store.headPosition();

    const checkpoints = ns.mongo.db.collection<{ _id: string; position: number }>('projection_checkpoints');
    const relay = await spawnInNamespace('projectors', ns);
    processes.push(relay);
    const atKill = await until(async () => {
      const checkpoint = await checkpoints.findOne({ _id: 'kafka-relay' });
      return checkpoint && checkpoint.position > 200 && checkpoint.position;
    }, { intervalMs: 10, what: 'relay under way' });
    await kill(relay, 'SIGKILL');
    expect(atKill).toBeLessThan(head);
    // A kill between the broker's acknowledgement and the checkpoint is a window of milliseconds; make
    // it certain: the restarted relay sends the last hundred events again, as it would after that crash.
    const saved = (await checkpoints.findOne({ _id: 'kafka-relay' }))!.position;
    await checkpoints.updateOne({ _id: 'kafka-relay' }, { $set: { position: saved - 100 } });
    // Of the hundred events sent again, those that mail (the others create the applicants' accounts).
    const resentMailing = (await ns.store.readAll({ fromPosition: saved - 100, maxCount: 100 })).filter((event) => event.position <= saved && MAILING.has(event.type)).length;
    expect(resentMailing).toBeGreaterThan(0);

    processes.push(await spawnInNamespace('projectors', ns));
    const confirmation = 'Application received: Data Analyst at Acme Analytics';
    const update = 'Application update: Scheduled (Data Analyst at Acme Analytics)';
    // Progress from the sent log (cheap); the mailbox is read once at the end.
    const sentLog = ns.mongo.db.collection(SENT_LOG_COLLECTION);
    await until(async () => (await sentLog.countDocuments({ state: 'sent' })) >= 1000, { timeoutMs: 300_000, intervalMs: 1000, what: '1,000 mails sent' });
    // Every event, the republished ones included, handled: whatever they mail is in the mailbox now.
    await notifierSettled(ns, { timeoutMs: 120_000 });

    for (const subject of [confirmation, update]) {
      const copies = byRecipient((await ns.mailbox.withSubject(subject)).filter((mail) => mail.to[0]!.address.includes(ns.id)));
      expect([...copies.keys()].sort()).toEqual([...emails].sort());
      expect([...copies.values()].filter((mails) => mails.length !== 1)).toEqual([]);
    }
    expect(await sentLog.countDocuments({})).toBe(1000);
    const suppressed = await metricValue(notifier.url, 'notifier_duplicates_suppressed_total');
    expect(suppressed).toBeGreaterThanOrEqual(resentMailing);
    console.log(`relay crash: killed at position ${atKill} of ${head}; ${suppressed} republished mails suppressed by the sent log`);
  }, 420_000);
});
