/**
 * A 5,000-recipient campaign through the whole path — command-api → event store → Kafka relay → Kafka
 * → notifier → SMTP — against a baseline in the same run: nodemailer sending the same mails straight
 * to the same SMTP server in a loop, with as many in flight as the notifier allows. Prints mails per
 * second into SMTP and the time from the command's reply to the last mail accepted; then the latency
 * from a single status change's reply to its mail's acceptance, on a quiet system and under the write
 * benchmark's load (concurrent clients changing other applications' statuses, each change a mail too).
 * Runs in a namespace of its own (event-store schema, database, topics), dropped at the end.
 *
 * Between the two, the notifier's cost per mail: a burst of applications whose confirmations (each
 * naming its job, read from the job directory once it has caught up with the jobs topic) it drains, with
 * the machine's CPU per mail beside the nodemailer loop's.
 *
 *   npx tsx bench/notifier.ts [recipients = 5000] [mails in flight = 8] [status changes = 200] [load clients = 20] [load changes/s = 20; 0 = as fast as they can] [burst = 1000]      (needs `npm start`'s servers)
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { APPLICATION_EVENT_VERSIONS, APPLICATION_STATUSES, applicationDecider, applicationStreamId, campaignStreamId, NO_ELIGIBILITY_CHECK } from '../domain/src';
import { createMailTransport, openTrackingPixelUrl, runCommand, type Collection, type Document, type RunningService } from '../platform/src';
import { existingJob, signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../command-api/src/test-support';
import { SENT_LOG_COLLECTION } from '../notifier/src/mail/sent-log';
import { campaignMail } from '../notifier/src/templates';
import type { KafkaRelay } from '../projectors/src/relay';
import { createNamespace, envOf, manyUsers, startNotifier, startRelay, until } from '../tests/notifier/support';
import { assertLoopback, machineBusyMs } from './lib/measure';
import { useEphemeralJwtSecret } from '../tests/support/ephemeral-secret';
import { statusChangeBody } from './lib/status-change';

const CONTENT = '<h2>Placement week</h2><p>Dear students,</p><p>The <strong>placement week</strong> starts on Monday. Read the <a href="https://cdc.university.edu/week">schedule</a>.</p>';

async function main(): Promise<void> {
  useEphemeralJwtSecret();
  const recipients = Number(process.argv[2] ?? 5000);
  const inFlight = Number(process.argv[3] ?? 8);
  const statusChanges = Number(process.argv[4] ?? 200);
  const loadClients = Number(process.argv[5] ?? 20);
  // Each load change is a mail too: a rate under the notifier's capacity keeps the backlog bounded.
  const loadPerSecond = Number(process.argv[6] ?? 20);
  const burst = Number(process.argv[7] ?? 1000);
  const ns = await createNamespace({ NOTIFIER_MAILS_PER_SECOND: '100000', NOTIFIER_CONCURRENCY: String(inFlight), LOG_LEVEL: 'warn' });
  const env = envOf(ns);
  assertLoopback(env.POSTGRES_URL);
  let api: CommandApiUnderTest | undefined;
  let relay: KafkaRelay | undefined;
  let notifier: RunningService | undefined;
  try {
    api = await startCommandApi(ns.env);
    relay = await startRelay(ns);
    notifier = (await startNotifier(ns)).service;
    console.log(`creating ${recipients} students…`);
    const students = await manyUsers(api, recipients);
    const staff = await signedInUser(api, 'staff');

    const subject = `Bench campaign ${ns.id}`;
    const form = new FormData();
    form.append('subject', subject);
    form.append('content', CONTENT);
    form.append('recipients', JSON.stringify(students.map((student) => student.id)));
    console.log(`campaign to ${recipients} recipients, ${inFlight} mails in flight, SMTP at ${env.SMTP_HOST}:${env.SMTP_PORT}…`);
    const commandStarted = performance.now();
    const reply = await api.request('POST', '/api/email/send', { token: staff.token, form });
    if (reply.status !== 202) throw new Error(`send answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    const repliedAt = Date.now();
    const commandMs = performance.now() - commandStarted;
    const campaignId = reply.body.campaignId as string;

    const sentLog = ns.mongo.db.collection<{ state: string; sentAt?: Date }>(SENT_LOG_COLLECTION);
    await until(async () => (await sentLog.countDocuments({ state: 'sent' })) >= recipients, { timeoutMs: 30 * 60_000, intervalMs: 250, what: 'every mail sent' });
    const [first] = await sentLog.find({ state: 'sent' }).sort({ sentAt: 1 }).limit(1).toArray();
    const [last] = await sentLog.find({ state: 'sent' }).sort({ sentAt: -1 }).limit(1).toArray();
    const firstAt = first!.sentAt!.getTime();
    const lastAt = last!.sentAt!.getTime();
    await until(async () => (await api!.deps.store.readStream(campaignStreamId(campaignId))).some((event) => event.type === 'CampaignCompleted'), { timeoutMs: 60_000, what: 'campaign completed' });
    const completedAt = Date.now();
    const received = (await ns.mailbox.withSubject(subject)).length;

    console.log('baseline: nodemailer sending the same mails straight to SMTP…');
    const transport = createMailTransport(env);
    const baselineSubject = `Bench baseline ${ns.id}`;
    const baselineStarted = performance.now();
    const baselineCpu = cpuSince();
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < students.length) {
          const student = students[next++]!;
          const pixelUrl = openTrackingPixelUrl(env.PUBLIC_URL, env.JWT_SECRET, campaignId, student.email);
          const mail = campaignMail({ subject: baselineSubject, content: CONTENT, pixelUrl });
          await transport.sendMail({ from: env.MAIL_FROM, to: { name: `Student`, address: student.email }, subject: mail.subject, html: mail.html, text: mail.text });
        }
      }),
    );
    const baselineSeconds = (performance.now() - baselineStarted) / 1000;
    const baselineSpent = baselineCpu();
    transport.close();

    const notifierSeconds = (lastAt - firstAt) / 1000;
    console.log('');
    console.log(`recipients                               ${recipients}`);
    console.log(`command reply (POST /api/email/send)     ${commandMs.toFixed(0)} ms`);
    console.log(`reply → first mail accepted by SMTP      ${((firstAt - repliedAt) / 1000).toFixed(2)} s`);
    console.log(`reply → last mail accepted by SMTP       ${((lastAt - repliedAt) / 1000).toFixed(2)} s`);
    console.log(`reply → campaign completed (events)      ${((completedAt - repliedAt) / 1000).toFixed(2)} s (polled)`);
    console.log(`notifier into SMTP                       ${(recipients / notifierSeconds).toFixed(1)} mails/s (first to last mail)`);
    console.log(`baseline nodemailer loop into SMTP       ${(recipients / baselineSeconds).toFixed(1)} mails/s (${inFlight} in flight, same pooled transport)`);
    console.log(`notifier / baseline                      ${((recipients / notifierSeconds / (recipients / baselineSeconds)) * 100).toFixed(0)} %`);
    console.log(`mails in the mailbox with the subject    ${received}`);
    console.log('');

    const sentRecords = ns.mongo.db.collection(SENT_LOG_COLLECTION);
    console.log(`${burst} applications appended one after the other; the notifier mails their confirmations meanwhile…`);
    const burstStarted = performance.now();
    const burstCpu = cpuSince();
    await submittedApplications(api, sentRecords, students, burst);
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const burstSpent = burstCpu();
    console.log(`confirmations (append to mail accepted)  ${(burst / burstSeconds).toFixed(1)} mails/s`);
    console.log(`machine CPU per confirmation             ${(burstSpent.machineMs / burst).toFixed(2)} ms (this process: notifier, relay, appends ${(burstSpent.ownMs / burst).toFixed(2)} ms)`);
    console.log(`machine CPU per mail, nodemailer loop    ${(baselineSpent.machineMs / recipients).toFixed(2)} ms (this process ${(baselineSpent.ownMs / recipients).toFixed(2)} ms)`);
    console.log('');

    console.log(`${statusChanges} single status changes, one every 50 ms, on a quiet system…`);
    const quiet = await statusChangeLatencies(api, sentRecords, await submittedApplications(api, sentRecords, students, statusChanges));
    console.log(`status change reply → mail accepted      quiet: p50 ${percentile(quiet, 0.5)} ms, p99 ${percentile(quiet, 0.99)} ms (${quiet.length} changes)`);
    console.log(`${statusChanges} single status changes, one every 50 ms, while ${loadClients} clients change other applications' statuses (${loadPerSecond || 'unlimited'} changes/s)…`);
    const measured = await submittedApplications(api, sentRecords, students, statusChanges);
    const load = await writeLoad(api, sentRecords, students, loadClients, loadPerSecond);
    // The load stops once the measured changes are issued; their mails then wait behind its backlog.
    const loaded = await statusChangeLatencies(api, sentRecords, measured, () => load.stop()).finally(() => load.stop());
    const { changes: loadChanges, seconds: loadSeconds } = await load.done;
    console.log(`                                         under load: p50 ${percentile(loaded, 0.5)} ms, p99 ${percentile(loaded, 0.99)} ms (${loaded.length} of ${statusChanges} mailed within 10 minutes; load ${(loadChanges / loadSeconds).toFixed(0)} status changes/s, each a mail)`);
  } finally {
    await notifier?.stop();
    await relay?.stop();
    await api?.stop();
    await ns.dispose();
  }
}

/** The write benchmark's heaviest steady command: clients changing statuses of their own applications as fast as they can. */
async function writeLoad(api: CommandApiUnderTest, sentLog: Collection<Document>, students: SignedInUser[], clients: number, perSecond: number): Promise<{ stop: () => void; done: Promise<{ changes: number; seconds: number }> }> {
  const admin = await signedInUser(api, 'admin');
  const applications = await submittedApplications(api, sentLog, students, clients);
  let running = true;
  let changes = 0;
  const started = performance.now();
  const done = Promise.all(
    applications.map(async (applicationId) => {
      for (let n = 1; running; n++) {
        // Paced: the n-th change of all clients together is due at n / perSecond seconds.
        if (perSecond > 0) await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ((changes + 1) * 1000) / perSecond - performance.now())));
        if (!running) break;
        const status = APPLICATION_STATUSES[n % APPLICATION_STATUSES.length];
        const reply = await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: statusChangeBody(status!) });
        if (reply.status !== 200) throw new Error(`load status change answered ${reply.status}`);
        changes++;
      }
    }),
  ).then(() => ({ changes, seconds: (performance.now() - started) / 1000 }));
  return { stop: () => (running = false), done };
}

/**
 * Applications submitted through the decider, once their confirmations have gone out: by the students
 * in turn, at their own addresses (the notifier mails nobody else).
 */
async function submittedApplications(api: CommandApiUnderTest, sentLog: Collection<Document>, students: SignedInUser[], count: number): Promise<string[]> {
  const confirmed = () => sentLog.countDocuments({ kind: 'application-submitted', state: 'sent' });
  const before = await confirmed();
  const jobId = await existingJob(api);
  const applications: string[] = [];
  for (let n = 0; n < count; n++) {
    const applicationId = randomUUID();
    const student = students[n % students.length]!;
    applications.push(applicationId);
    await runCommand(api.deps.store, {
      streamId: applicationStreamId(applicationId),
      decider: applicationDecider,
      versions: APPLICATION_EVENT_VERSIONS,
      command: { type: 'SubmitApplication', applicationId, jobId, studentId: student.id, jobStatus: 'approved', fullName: `Applicant ${n}`, email: student.email, phone: '9876543210', resumeKey: 'resumes/none.pdf', eligibility: NO_ELIGIBILITY_CHECK },
      context: { now: new Date(), actor: { id: null, role: 'student' } },
      causation: { correlationId: randomUUID(), causationId: null },
    });
  }
  await until(async () => (await confirmed()) >= before + count, { timeoutMs: 600_000, intervalMs: 500, what: 'confirmations sent' });
  return applications;
}

/** Milliseconds from each status change's reply to the SMTP server's acceptance of its mail, sorted. */
async function statusChangeLatencies(api: CommandApiUnderTest, sentLog: Collection<Document>, applications: string[], onIssued?: () => void): Promise<number[]> {
  const admin = await signedInUser(api, 'admin');
  const count = applications.length;
  const replies = new Map<string, number>();
  for (const applicationId of applications) {
    const reply = await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: { status: 'Under Review' } });
    const repliedAt = Date.now();
    if (reply.status !== 200) throw new Error(`status change answered ${reply.status}`);
    const [event] = await api.deps.store.readStream(applicationStreamId(applicationId), { direction: 'backward', maxCount: 1 });
    replies.set(event!.eventId, repliedAt);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  onIssued?.();
  // Whatever was mailed within ten minutes: under a load above the notifier's capacity, not all of them.
  const deadline = Date.now() + 600_000;
  let sent: Document[] = [];
  while (sent.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    sent = await sentLog.find({ eventId: { $in: [...replies.keys()] }, state: 'sent' }).toArray();
  }
  return sent.map((record) => (record.sentAt as Date).getTime() - replies.get(record.eventId as string)!).sort((a, b) => a - b);
}

/** Starts counting CPU: the returned function gives the machine's and this process's since then, in ms. */
function cpuSince(): () => { machineMs: number; ownMs: number } {
  const machineBefore = machineBusyMs();
  const ownBefore = process.cpuUsage();
  return () => {
    const own = process.cpuUsage(ownBefore);
    return { machineMs: machineBusyMs() - machineBefore, ownMs: (own.user + own.system) / 1000 };
  };
}

const percentile = (sorted: number[], fraction: number): number => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
