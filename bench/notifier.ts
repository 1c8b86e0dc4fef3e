/**
 * A 5,000-recipient campaign through the whole path — command-api → event store → Kafka relay → Kafka
 * → notifier → SMTP — against a baseline in the same run: nodemailer sending the same mails straight
 * to the same SMTP server in a loop, with as many in flight as the notifier allows. Prints mails per
 * second into SMTP and the time from the command's reply to the last mail accepted.
 * Runs in a namespace of its own (event-store schema, database, topics), dropped at the end.
 *
 *   npx tsx bench/notifier.ts [recipients = 5000] [mails in flight = 8]      (needs `npm start`'s servers)
 */
import { performance } from 'node:perf_hooks';
import { campaignStreamId } from '../domain/src';
import { createMailTransport, openTrackingPixelUrl, type RunningService } from '../platform/src';
import { signedInUser, startCommandApi, type CommandApiUnderTest } from '../command-api/src/test-support';
import { SENT_LOG_COLLECTION } from '../notifier/src/mail/sent-log';
import { campaignMail } from '../notifier/src/templates';
import type { KafkaRelay } from '../projectors/src/relay';
import { createNamespace, envOf, manyUsers, startNotifier, startRelay, until } from '../tests/notifier/support';
import { assertLoopback } from './lib/measure';

const CONTENT = '<h2>Placement week</h2><p>Dear students,</p><p>The <strong>placement week</strong> starts on Monday. Read the <a href="https://cdc.university.edu/week">schedule</a>.</p>';

async function main(): Promise<void> {
  const recipients = Number(process.argv[2] ?? 5000);
  const inFlight = Number(process.argv[3] ?? 8);
  const ns = await createNamespace({ NOTIFIER_MAILS_PER_SECOND: '100000', NOTIFIER_CONCURRENCY: String(inFlight), NOTIFIER_START_FROM: 'earliest', LOG_LEVEL: 'warn' });
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
  } finally {
    await notifier?.stop();
    await relay?.stop();
    await api?.stop();
    await ns.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
