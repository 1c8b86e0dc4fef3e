import { randomUUID } from 'node:crypto';
import { CAMPAIGN_EVENT_VERSIONS, campaignDecider, campaignStreamId, type CampaignCommand } from '@placement/domain';
import { runCommand } from '@placement/platform';
import { formOf, SAMPLE_FILES } from '../../../command-api/src/test-support';
import { emailProjection } from '../../../projectors/src/projections/email';
import { usersProjection } from '../../../projectors/src/projections/users';
import { idsOf, Portal, type Caller } from '../test-support';

const staffAndAdmin: Record<Caller, number> = { visitor: 401, student: 403, 'another student': 403, staff: 200, admin: 200, 'suspended student': 403 };

interface Campaign {
  _id: string;
  subject: string;
  recipients: number;
  sent: number;
  failed: number;
  opened: number;
  pending: number;
  progress: number;
  openRate: number;
  status: string;
  content?: string;
  attachments: { filename: string; contentType: string; size: number; url: string }[];
}

describe('bulk e-mail queries against the real command-api, projections and query-api', () => {
  let portal: Portal;
  const tag = randomUUID().slice(0, 8);
  const campaigns: Record<string, string> = {};
  const extra: Record<string, string> = {};

  const send = async (name: string, recipients: string[], options: { scheduledDateTime?: string; withAttachment?: boolean } = {}) => {
    const fields: Record<string, string> = { subject: `Subject ${name}`, content: `<p>Hello from ${name}</p>`, trackOpens: 'true', recipients: JSON.stringify(recipients) };
    if (options.scheduledDateTime) fields.scheduledDateTime = options.scheduledDateTime;
    const files: [string, Buffer, string][] = options.withAttachment ? [['attachments', SAMPLE_FILES.pdf, 'Drive schedule.pdf']] : [];
    const reply = await portal.write('POST', '/api/email/send', { token: portal.user('staff').token, form: formOf(fields, files) });
    campaigns[name] = reply.campaignId as string;
  };
  /** What the notifier reports, recorded on the campaign's stream as the notifier does. */
  const report = async (command: CampaignCommand) => {
    const outcome = await runCommand(portal.command.deps.store, {
      streamId: campaignStreamId(command.campaignId),
      decider: campaignDecider,
      versions: CAMPAIGN_EVENT_VERSIONS,
      command,
      context: { now: new Date(), actor: { id: null, role: 'system' } },
      causation: { correlationId: `test-${randomUUID()}`, causationId: null },
    });
    portal.sawPosition(outcome.position);
  };
  const email = (caller: Exclude<Caller, 'visitor'>) => portal.user(caller).email;
  const listed = async (query = '') => (await portal.read(`/api/email/campaigns${query}`, 'staff')).body as { campaigns: Campaign[] };

  beforeAll(async () => {
    portal = await Portal.start([usersProjection, emailProjection]);
    const admin = portal.user('admin').token;
    extra.inactive = ((await portal.write('POST', '/api/admin/users', { token: admin, body: { fullName: 'Idle Student', email: `idle.${tag}@university.edu`, password: 'correct horse', rollNo: 'X-1', status: 'inactive' } })).user as { _id: string })._id;
    await portal.write('POST', '/api/auth/register', { body: { fullName: 'Unverified Student', email: `unverified.${tag}@university.edu`, password: 'correct horse', rollNo: 'X-2' } });
    await portal.write('POST', '/api/profile/update', {
      token: portal.user('student').token,
      form: formOf({
        mobileNo: '9876543210',
        whatsappNo: '9876543211',
        fatherName: 'Ramesh Rao',
        fatherNumber: '9876543212',
        school: 'SOHS',
        existingBacklogs: '0',
        areaOfInterest: 'Nursing',
        hasCertifications: 'false',
        readyToRelocate: 'false',
        education: JSON.stringify({ tenth: { percentage: 90, passingYear: '2017' }, twelfth: { percentage: 85, passingYear: '2019' } }),
        skills: JSON.stringify([{ id: 1, name: 'Care' }]),
        experience: JSON.stringify([{ hasExperience: false }]),
      }),
    });

    for (const [name, content] of [
      ['Welcome', '<p>Welcome aboard</p>'],
      ['drive reminder', '<p>Drive tomorrow</p>'],
    ]) {
      await portal.write('POST', '/api/email/templates', { token: portal.user('staff').token, body: { name, subject: `About ${name}`, content } });
    }

    const students = [portal.user('student').id, portal.user('another student').id, portal.user('admin').id];
    await send('done', students, { withAttachment: true });
    await send('scheduled', [portal.user('student').id], { scheduledDateTime: new Date(Date.now() + 86_400_000).toISOString() });
    await send('underway', [portal.user('student').id, portal.user('staff').id]);

    await report({ type: 'RecordRecipientSent', campaignId: campaigns.done!, email: email('student'), messageId: '<m1@portal>' });
    await report({ type: 'RecordRecipientFailed', campaignId: campaigns.done!, email: email('another student'), reason: 'busy', attempt: 1, final: false });
    await report({ type: 'RecordEmailOpened', campaignId: campaigns.done!, email: email('student') });
    await report({ type: 'RecordRecipientSent', campaignId: campaigns.done!, email: email('another student'), messageId: '<m2@portal>' });
    await report({ type: 'RecordRecipientFailed', campaignId: campaigns.done!, email: email('admin'), reason: 'no such mailbox', attempt: 3, final: true });
    await report({ type: 'RecordRecipientSent', campaignId: campaigns.underway!, email: email('staff'), messageId: '<m3@portal>' });
  }, 60_000);
  afterAll(() => portal.stop());

  it.each(['/api/email/user-groups', '/api/email/templates', '/api/email/campaigns'])('%s is for staff and admins only', async (path) => {
    expect(await portal.statusesFor(path)).toEqual(staffAndAdmin);
  });

  it('/api/email/campaigns/:id is for staff and admins only', async () => {
    expect(await portal.statusesFor(`/api/email/campaigns/${campaigns.done}`)).toEqual(staffAndAdmin);
  });

  it('lists the accounts that can receive mail: active, with a verified address, by name', async () => {
    const { users } = (await portal.read('/api/email/user-groups', 'staff')).body as { users: Record<string, unknown>[] };
    const student = portal.user('student');
    expect(users.map((user) => user.fullName)).toEqual(['Test admin', 'Test staff', 'Test student', 'Test student']);
    expect(users.find((user) => user._id === student.id)).toEqual({ _id: student.id, fullName: 'Test student', email: student.email, role: 'student', school: 'SOHS', rollNo: `R-${student.id.slice(0, 6)}` });
    expect(users.find((user) => user._id === portal.user('staff').id)).toMatchObject({ role: 'staff', school: null, rollNo: null });
    expect(idsOf(users)).not.toContain(extra.inactive);
    expect(idsOf(users)).not.toContain(portal.user('suspended student').id);
  });

  it('follows an edit, a role change, a suspension and a deletion of a recipient', async () => {
    const admin = portal.user('admin').token;
    const recipients = async () => ((await portal.read('/api/email/user-groups', 'staff')).body as { users: Record<string, unknown>[] }).users;
    const id = ((await portal.write('POST', '/api/admin/users', { token: admin, body: { fullName: 'Mira Joshi', email: `mira.${tag}@university.edu`, password: 'correct horse', rollNo: 'M-1' } })).user as { _id: string })._id;
    expect((await recipients()).find((user) => user._id === id)).toEqual({ _id: id, fullName: 'Mira Joshi', email: `mira.${tag}@university.edu`, role: 'student', school: null, rollNo: 'M-1' });
    await portal.write('PUT', `/api/admin/users/${id}`, { token: admin, body: { fullName: 'Aadya Joshi', email: `aadya.${tag}@university.edu`, mobileNo: '', rollNo: 'M-2', role: 'student', status: 'active' } });
    await portal.write('PUT', `/api/admin/users/${id}/role`, { token: admin, body: { role: 'staff' } });
    const renamed = await recipients();
    expect(renamed[0]).toEqual({ _id: id, fullName: 'Aadya Joshi', email: `aadya.${tag}@university.edu`, role: 'staff', school: null, rollNo: 'M-2' });
    await portal.write('PATCH', `/api/admin/users/${id}/status`, { token: admin, body: { status: 'suspended' } });
    expect(idsOf(await recipients())).not.toContain(id);
    await portal.write('PATCH', `/api/admin/users/${id}/status`, { token: admin, body: { status: 'active' } });
    expect(idsOf(await recipients())).toContain(id);
    await portal.write('DELETE', `/api/admin/users/${id}`, { token: admin });
    expect(idsOf(await recipients())).not.toContain(id);
  });

  it('lists templates by name', async () => {
    const { templates } = (await portal.read('/api/email/templates', 'staff')).body as { templates: Record<string, unknown>[] };
    expect(templates).toEqual([
      { _id: expect.any(String), id: expect.any(String), name: 'drive reminder', subject: 'About drive reminder', content: '<p>Drive tomorrow</p>', createdAt: expect.any(String), updatedAt: expect.any(String) },
      { _id: expect.any(String), id: expect.any(String), name: 'Welcome', subject: 'About Welcome', content: '<p>Welcome aboard</p>', createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
  });

  it('lists campaigns newest first with their counts, progress, open rate and status, without their content', async () => {
    const { campaigns: found } = await listed();
    expect(idsOf(found)).toEqual([campaigns.underway, campaigns.scheduled, campaigns.done]);
    const [underway, scheduled, done] = found;
    expect(done).toMatchObject({ subject: 'Subject done', recipients: 3, sent: 2, failed: 1, opened: 1, pending: 0, progress: 100, openRate: 50, status: 'completed', trackOpens: true, scheduledFor: null });
    expect(done!.attachments).toEqual([
      { filename: 'Drive schedule.pdf', contentType: 'application/pdf', size: SAMPLE_FILES.pdf.length, url: expect.stringMatching(new RegExp(`^/uploads/campaigns/${campaigns.done}/[0-9a-f-]{36}-Drive_schedule\\.pdf$`)) },
    ]);
    expect(underway).toMatchObject({ recipients: 2, sent: 1, failed: 0, pending: 1, progress: 50, openRate: 0, status: 'sending' });
    expect(scheduled).toMatchObject({ recipients: 1, sent: 0, progress: 0, status: 'scheduled', scheduledFor: expect.any(String) });
    expect(found.every((campaign) => campaign.content === undefined)).toBe(true);
  });

  it('pages campaigns when asked', async () => {
    const reply = await portal.read('/api/email/campaigns?page=2&limit=1', 'admin');
    expect(idsOf((reply.body as { campaigns: Campaign[] }).campaigns)).toEqual([campaigns.scheduled]);
    expect(reply.headers.get('x-total-count')).toBe('3');
  });

  it('answers one campaign with its content, or 404', async () => {
    const reply = await portal.read(`/api/email/campaigns/${campaigns.done}`, 'staff');
    expect(reply.status).toBe(200);
    expect((reply.body as { campaign: Campaign }).campaign).toMatchObject({ _id: campaigns.done, content: '<p>Hello from done</p>', status: 'completed' });
    const missing = await portal.read(`/api/email/campaigns/${randomUUID()}`, 'staff');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, message: 'Campaign not found' });
  });
});
