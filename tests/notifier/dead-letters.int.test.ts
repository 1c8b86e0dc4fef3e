/**
 * Failures: a poison event ends in the dead-letter topic after its tries without holding up the events
 * behind it; dead letters are listed for admins, and an admin's retry sends what failed once the cause is gone.
 */
import { randomUUID } from 'node:crypto';
import { campaignStreamId, type CampaignQueued, type DeadLetter } from '@placement/domain';
import type { NewEvent, RunningService } from '@placement/platform';
import { formOf, signedInUser, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { SENT_LOG_COLLECTION } from '../../notifier/src/mail/sent-log';
import { until, type Namespace, startMailPath, type MailPath } from './support';


describe('retries and dead letters', () => {
  let ns: Namespace;
  let api: CommandApiUnderTest;
  let notifier: RunningService;
  let admin: SignedInUser;
  let path: MailPath;

  beforeAll(async () => {
    path = await startMailPath({ NOTIFIER_RETRY_BASE_MS: '3000', NOTIFIER_MAX_ATTEMPTS: '3' });
    ({ ns, api, notifier, admin } = path);
  }, 90_000);
  afterAll(() => path?.stop(), 60_000);

  const deadLetters = async (token = admin.token, query = '') => {
    const response = await fetch(`${notifier.url}/api/dead-letters${query}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as { deadLetters: DeadLetter[]; total: number; message?: string } };
  };
  const retry = async (id: string, token = admin.token) => {
    const response = await fetch(`${notifier.url}/api/dead-letters/${encodeURIComponent(id)}/retry`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as { message: string; deadLetter?: DeadLetter } };
  };
  const event = (type: string, data: unknown): NewEvent => ({
    eventId: randomUUID(),
    type,
    schemaVersion: 1,
    data,
    metadata: { actorId: null, actorRole: 'visitor', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  });

  it('a poison event goes to the dead-letter topic after its tries, and the event behind it on the same partition is not held up', async () => {
    const userId = randomUUID();
    const email = `poison.${randomUUID().slice(0, 8)}@university.edu`;
    const poison = event('VerificationTokenIssued', { userId, email, expiresAt: 'not a time' });
    const good = event('VerificationTokenIssued', { userId, email, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    // One stream, so one partition: the good event sits right behind the poison.
    await ns.store.append(`user-${userId}`, [poison, good], 'no_stream');

    const [mail] = await ns.mailbox.waitForMailTo(email, 1, { timeoutMs: 30_000 });
    const letter = await until(async () => (await deadLetters()).body.deadLetters.find((item) => item.eventId === poison.eventId), { timeoutMs: 60_000, what: 'poison dead-lettered' });
    expect(mail!.subject).toBe('Verify your email address for the Placement Portal');
    // Held up, the good mail would go out only after the poison's last try. It went out while the poison
    // was still waiting for its next try. (An order, not a clock: a busy notifier may send it late.)
    const goodSent = await ns.mongo.db.collection<{ sentAt: Date }>(SENT_LOG_COLLECTION).findOne({ eventId: good.eventId });
    expect(goodSent!.sentAt.getTime()).toBeGreaterThanOrEqual(Date.parse(letter.firstFailedAt));
    expect(goodSent!.sentAt.getTime()).toBeLessThan(Date.parse(letter.deadAt));
    expect(letter).toMatchObject({ id: `event.${poison.eventId}`, kind: 'event', eventType: 'VerificationTokenIssued', recipient: email, attempts: 3, status: 'dead' });
    expect(letter.reason).toContain('expiresAt');
    expect(await ns.mailbox.to(email)).toHaveLength(1);
  }, 60_000);

  it('lists dead letters for admins only', async () => {
    const staff = await signedInUser(api, 'staff');
    expect((await deadLetters(staff.token)).status).toBe(403);
    const anonymous = await fetch(`${notifier.url}/api/dead-letters`);
    expect(anonymous.status).toBe(401);
    expect((await retry('event.nothing', staff.token)).status).toBe(403);
    expect(await retry('event.nothing')).toMatchObject({ status: 404, body: { status: 404, message: 'Dead letter not found' } });
    expect((await deadLetters(admin.token, '?status=bogus')).status).toBe(400);
  });

  it('a campaign whose attachment is gone fails each recipient, records it, and goes out when an admin retries after the file is back', async () => {
    const staff = await signedInUser(api, 'staff');
    const readers = await Promise.all([1, 2].map((n) => signedInUser(api, 'student', { fullName: `Reader ${n}` })));
    const subject = `Placement brochure ${ns.id}`;
    const form = formOf(
      { subject, content: '<p>The brochure is attached.</p>', recipients: JSON.stringify(readers.map((r) => r.id)), scheduledDateTime: new Date(Date.now() + 2000).toISOString(), trackOpens: 'false' },
      [['attachments', Buffer.from('%PDF-1.7\nbrochure'), 'brochure.pdf']],
    );
    const sent = await api.request('POST', '/api/email/send', { token: staff.token, form });
    expect(sent.status).toBe(202);
    const campaignId = sent.body.campaignId as string;
    const [queued] = await api.deps.store.readStream(campaignStreamId(campaignId));
    const attachment = (queued!.data as CampaignQueued['data']).attachments[0]!;
    const bytes = (await api.deps.files.get(attachment.key))!;
    await api.deps.files.delete(attachment.key);

    const completed = await until(
      async () => {
        const stream = await api.deps.store.readStream(campaignStreamId(campaignId));
        return stream.find((item) => item.type === 'CampaignCompleted') && stream;
      },
      { timeoutMs: 90_000, what: 'campaign given up' },
    );
    expect(completed.find((item) => item.type === 'CampaignCompleted')!.data).toEqual({ campaignId, sent: 0, failed: 2 });
    const failures = completed.filter((item) => item.type === 'CampaignRecipientFailed').map((item) => item.data as { email: string; attempt: number; final: boolean; reason: string });
    for (const reader of readers) {
      expect(failures.filter((failure) => failure.email === reader.email).map(({ attempt, final }) => ({ attempt, final }))).toEqual([
        { attempt: 1, final: false },
        { attempt: 2, final: false },
        { attempt: 3, final: true },
      ]);
    }
    expect(failures[0]!.reason).toContain('missing from the object store');

    const letters = await until(
      async () => {
        const found = (await deadLetters()).body.deadLetters.filter((item) => item.eventId === queued!.eventId);
        return found.length === 2 && found;
      },
      { what: 'two dead letters' },
    );
    expect(letters.map((letter) => letter.recipient).sort()).toEqual(readers.map((r) => r.email).sort());
    expect(letters.every((letter) => letter.kind === 'recipient' && letter.eventType === 'CampaignQueued' && letter.attempts === 3)).toBe(true);
    expect(await ns.mailbox.withSubject(subject)).toEqual([]);

    await api.deps.files.put(attachment.key, bytes.body, bytes.contentType);
    for (const letter of letters) {
      const retried = await retry(letter.id);
      expect(retried.status).toBe(202);
      expect(retried.body.deadLetter).toMatchObject({ id: letter.id, status: 'retried' });
    }
    const mails = await ns.mailbox.waitForSubject(subject, 2, { timeoutMs: 20_000 });
    expect(mails.flatMap((mail) => mail.to.map((to) => to.address)).sort()).toEqual(readers.map((r) => r.email).sort());
    expect((await ns.mailbox.attachment(mails[0]!, 'brochure.pdf')).toString()).toBe('%PDF-1.7\nbrochure');
    expect((await deadLetters(admin.token, '?status=retried')).body.deadLetters.map((letter) => letter.id).sort()).toEqual(letters.map((letter) => letter.id).sort());
  }, 150_000);
});
