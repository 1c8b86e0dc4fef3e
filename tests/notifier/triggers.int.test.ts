/**
 * Every trigger of an e-mail, end to end: the command through the real command-api, the event through
 * the relay and real Kafka, the notifier's mail into the real SMTP server, read back from its mailbox.
 */
import { campaignStreamId } from '@placement/domain';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@placement/platform';
import { aJobForm, formOf, SAMPLE_FILES, signedInUser, uniqueEmail, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { notifierSettled, until, type Namespace, startMailPath, type MailPath } from './support';

const PORTAL = 'Placement Portal — Career Development Centre';

describe('e-mail triggers through the command-api, the relay, Kafka and the notifier', () => {
  let ns: Namespace;
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  let path: MailPath;

  beforeAll(async () => {
    path = await startMailPath();
    ({ ns, api, admin } = path);
  }, 90_000);
  afterAll(() => path?.stop(), 60_000);

  const linkIn = (text: string | undefined, path: string): string => {
    const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, '\\/')}[^\\s"<>]*`).exec(text ?? '');
    if (!match) throw new Error(`no ${path} link in: ${text}`);
    return match[0];
  };

  it('registration sends the verification mail whose link verifies the account; a resend sends another, and either works once', async () => {
    const email = uniqueEmail();
    const registered = await api.post('/api/auth/register', { fullName: 'Asha Verma', rollNo: 'CS21-042', email, password: 'a long enough password' });
    expect(registered.status).toBe(201);

    const [mail] = await ns.mailbox.waitForMailTo(email, 1, { timeoutMs: 30_000 });
    expect(mail!.subject).toBe('Verify your email address for the Placement Portal');
    expect(mail!.from[0]!.name).toBe('Placement Portal');
    expect(mail!.html).toContain(PORTAL);
    expect(mail!.text).toContain(PORTAL);
    const link = new URL(linkIn(mail!.text, '/verify-email'));
    expect(`${link.origin}${link.pathname}`).toBe(new URL('/verify-email', api.deps.env.PUBLIC_URL).toString());
    expect(mail!.headers['message-id']).toMatch(/^<[\w-]+\.[0-9a-f]{20}@placement\.portal>$/);

    const resent = await api.post('/api/auth/resend-verification', { email });
    expect(resent.status).toBe(200);
    const mails = await ns.mailbox.waitForMailTo(email, 2, { timeoutMs: 30_000 });
    const newest = new URL(linkIn(mails[1]!.text, '/verify-email'));
    expect(newest.searchParams.get('token')).not.toBe(link.searchParams.get('token'));

    // The links the mails carry are the ones the command side accepts: a resend (perhaps asked for by
    // someone else) leaves the older one working, and the first one used spends both.
    const verified = await api.post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(verified.status).toBe(200);
    expect((await api.post('/api/auth/verify-email', { token: newest.searchParams.get('token') })).status).toBe(400);
  }, 60_000);

  it("a sign-up with a verified account's address tells its owner, once an hour, and makes no account", async () => {
    const owner = await signedInUser(api, 'student');
    const attempt = () => api.post('/api/auth/register', { fullName: 'Someone Else', rollNo: 'CS21-999', email: owner.email, password: 'a long enough password' });
    expect((await attempt()).status).toBe(201);
    expect((await attempt()).status).toBe(201);
    const [mail] = await ns.mailbox.waitForMailTo(owner.email, 1, { timeoutMs: 30_000 });
    expect(mail!.subject).toBe('Someone tried to sign up with your email address');
    expect(linkIn(mail!.text, '/auth-Container')).toBe(new URL('/auth-Container', api.deps.env.PUBLIC_URL).toString());
    // Both attempts handled: whatever they mail is in the mailbox now.
    await notifierSettled(ns);
    expect((await ns.mailbox.to(owner.email)).filter((sent) => sent.subject === mail!.subject)).toHaveLength(1);
  }, 60_000);

  it("'Forgot password?' mails the owner a reset link that sets the password once; an unknown address gets nothing", async () => {
    const owner = await signedInUser(api, 'student', { password: 'a long enough password' });
    const stranger = uniqueEmail();
    for (const email of [owner.email, stranger]) expect((await api.post('/api/auth/forgot-password', { email })).status).toBe(200);

    const [mail] = await ns.mailbox.waitForMailTo(owner.email, 1, { timeoutMs: 30_000 });
    expect(mail!.subject).toBe('Reset your Placement Portal password');
    expect(mail!.text).toContain(PORTAL);
    const link = new URL(linkIn(mail!.text, '/reset-password'));
    expect(`${link.origin}${link.pathname}`).toBe(new URL('/reset-password', api.deps.env.PUBLIC_URL).toString());
    expect(mail!.html).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);

    // The link the mail carries is the one the command side accepts, once.
    const token = link.searchParams.get('token');
    expect((await api.post('/api/auth/reset-password', { token, password: 'a brand new passphrase' })).status).toBe(200);
    expect((await api.post('/api/auth/login', { email: owner.email, password: 'a brand new passphrase' })).status).toBe(200);
    expect((await api.post('/api/auth/reset-password', { token, password: 'yet another passphrase' })).status).toBe(400);
    await notifierSettled(ns);
    expect(await ns.mailbox.to(stranger)).toEqual([]);
  }, 60_000);

  it('a job announcement reaches every active, verified student and nobody else', async () => {
    const students = await Promise.all([1, 2, 3].map((n) => signedInUser(api, 'student', { fullName: `Student ${n}` })));
    const suspended = await signedInUser(api, 'student', { status: 'suspended' });
    const staff = await signedInUser(api, 'staff');
    const unverified = uniqueEmail();
    expect((await api.post('/api/auth/register', { fullName: 'Not Yet', rollNo: 'CS21-001', email: unverified, password: 'a long enough password' })).status).toBe(201);

    const profiles = `Data Analyst ${ns.id.slice(0, 6)}`;
    const posted = await api.request('POST', '/api/jobs', { token: admin.token, body: { ...aJobForm(), profiles } });
    expect(posted.status).toBe(201);
    const jobId = (posted.body.data as { _id: string })._id;
    expect((await api.request('POST', `/api/jobs/${jobId}/notify`, { token: admin.token })).status).toBe(202);

    const subject = `New job opening: ${profiles} at Acme Analytics`;
    for (const student of students) {
      const [mail] = await ns.mailbox.waitForMailTo(student.email, 1, { timeoutMs: 30_000 });
      expect(mail!.subject).toBe(subject);
      expect(mail!.text).toContain(`Hello ${student.email === students[0]!.email ? 'Student 1' : student.email === students[1]!.email ? 'Student 2' : 'Student 3'},`);
      expect(linkIn(mail!.text, '/job-listings')).toBe(new URL('/job-listings', api.deps.env.PUBLIC_URL).toString());
    }
    // Once the announcement's bulk send is done, whatever else went out is in the mailbox; the others got nothing of this job.
    await notifierSettled(ns);
    for (const address of [suspended.email, staff.email]) expect((await ns.mailbox.to(address)).filter((mail) => mail.subject === subject)).toEqual([]);
    expect((await ns.mailbox.to(unverified)).map((mail) => mail.subject)).not.toContain(subject);
  }, 90_000);

  it("an application is confirmed to the applicant, and each status change is told to them, at the student's own address only", async () => {
    const student = await signedInUser(api, 'student');
    const posted = await api.request('POST', '/api/jobs', { token: admin.token, body: { ...aJobForm(), profiles: 'Backend Engineer', companyName: 'Globex' } });
    const jobId = (posted.body.data as { _id: string })._id;
    // Someone else's address typed into the form: the portal's mails go to the student's account instead.
    const formEmail = uniqueEmail('gmail.com');
    const applied = await api.request('POST', '/api/applications', {
      token: student.token,
      form: formOf({ jobId, fullName: 'Ravi Kumar', email: formEmail, phone: '9876543210' }, [['resume', SAMPLE_FILES.pdf, 'cv.pdf']]),
    });
    expect(applied.status).toBe(201);
    const [confirmation] = await ns.mailbox.waitForMailTo(student.email, 1, { timeoutMs: 30_000 });
    expect(confirmation!.subject).toBe('Application received: Backend Engineer at Globex');
    expect(confirmation!.text).toContain('Hello Ravi Kumar,');
    expect(linkIn(confirmation!.text, '/my-applications')).toBe(new URL('/my-applications', api.deps.env.PUBLIC_URL).toString());

    const applicationId = applied.body.applicationId as string;
    expect((await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: { status: 'Under Review' } })).status).toBe(200);
    // The notifier names the job from the jobs topic: a rename published before the next change is in its mail.
    await ns.mailbox.waitForMailTo(student.email, 2, { timeoutMs: 30_000 });
    expect((await api.request('PUT', `/api/jobs/${jobId}`, { token: admin.token, body: { ...aJobForm(), profiles: 'Platform Engineer', companyName: 'Globex' } })).status).toBe(200);
    expect((await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: { status: 'Accepted', offer: { ctc: 1_200_000 } } })).status).toBe(200);
    const mails = await ns.mailbox.waitForMailTo(student.email, 3, { timeoutMs: 30_000 });
    expect(mails.map((mail) => mail.subject).slice(1).sort()).toEqual(['Application update: Accepted (Platform Engineer at Globex)', 'Application update: Under Review (Backend Engineer at Globex)']);
    expect(mails.find((mail) => mail.subject.includes('Accepted'))!.text).toContain('is now: Accepted.');
    expect(await ns.mailbox.to(formEmail)).toEqual([]);
  }, 60_000);

  it('a campaign goes to each recipient with its attachment and open pixel, and its progress is recorded as events', async () => {
    const staff = await signedInUser(api, 'staff');
    const recipients = await Promise.all([1, 2, 3].map((n) => signedInUser(api, 'student', { fullName: `Reader ${n}` })));
    const subject = `Campus drive ${ns.id}`;
    const form = formOf(
      { subject, content: '<p>Dear students,</p><p><strong>Acme</strong> visits on <a href="https://acme.example">Monday</a>.</p>', recipients: JSON.stringify(recipients.map((r) => r.id)) },
      [['attachments', Buffer.from('%PDF-1.7\nbrochure'), 'brochure.pdf']],
    );
    const sent = await api.request('POST', '/api/email/send', { token: staff.token, form });
    expect(sent.status).toBe(202);
    const campaignId = sent.body.campaignId as string;

    const mails = await ns.mailbox.waitForSubject(subject, 3, { timeoutMs: 30_000 });
    expect(mails.flatMap((mail) => mail.to.map((to) => to.address)).sort()).toEqual(recipients.map((r) => r.email).sort());
    const first = mails[0]!;
    expect(first.html).toContain('<strong>Acme</strong>');
    expect(first.html).toContain(PORTAL);
    expect(first.text).toContain('Monday (https://acme.example)');
    expect((await ns.mailbox.attachment(first, 'brochure.pdf')).toString()).toBe('%PDF-1.7\nbrochure');
    const pixel = /src="(https?:\/\/[^"]+\/api\/email\/track\/[^"]+\.gif)"/.exec(first.html ?? '')![1]!;

    // The pixel's request records the first open through the command-api.
    const opened = await fetch(`${api.service.url}${new URL(pixel).pathname}`);
    expect(opened.headers.get('content-type')).toBe('image/gif');
    const events = await until(
      async () => {
        const stream = await api.deps.store.readStream(campaignStreamId(campaignId));
        return stream.some((event) => event.type === 'CampaignCompleted') && stream.some((event) => event.type === 'CampaignEmailOpened') && stream;
      },
      { what: 'campaign completed and opened' },
    );
    const types = events.map((event) => event.type);
    expect(types.filter((type) => type === 'CampaignRecipientSent')).toHaveLength(3);
    expect(events.find((event) => event.type === 'CampaignCompleted')!.data).toEqual({ campaignId, sent: 3, failed: 0 });
    const sentEvent = events.find((event) => event.type === 'CampaignRecipientSent')!;
    expect(sentEvent.metadata).toMatchObject({ actorRole: 'system', correlationId: events[0]!.metadata.correlationId, causationId: events[0]!.eventId });
    const recorded = events.filter((event) => event.type === 'CampaignRecipientSent').map((event) => (event.data as { messageId: string }).messageId);
    expect(recorded.sort()).toEqual(mails.map((mail) => mail.headers['message-id']).sort());
  }, 60_000);

  it('mails nothing about what happened before the notifier first started (a log it was deployed onto)', async () => {
    const userId = randomUUID();
    const email = uniqueEmail();
    const issued = (occurredAt: Date): NewEvent => ({
      eventId: randomUUID(),
      type: 'VerificationTokenIssued',
      schemaVersion: 1,
      data: { userId, email, tokenHash: 'x', expiresAt: new Date(occurredAt.getTime() + 86_400_000).toISOString() },
      metadata: { actorId: null, actorRole: 'visitor', correlationId: randomUUID(), causationId: null, occurredAt: occurredAt.toISOString() },
    });
    const old = issued(new Date(Date.now() - 3_600_000));
    const fresh = issued(new Date());
    await ns.store.append(`user-${userId}`, [old, fresh], 'no_stream');
    const [mail] = await ns.mailbox.waitForMailTo(email, 1, { timeoutMs: 30_000 });
    expect(mail!.headers['message-id']).toContain(fresh.eventId);
    // The old event handled too (passed over): the mailbox holds all the two events will ever cause.
    await notifierSettled(ns);
    expect(await ns.mailbox.to(email)).toHaveLength(1);
  }, 60_000);
});
