import { randomUUID } from 'node:crypto';
import { USER_EVENT_VERSIONS, campaignStreamId, templateStreamId, userDecider, userStreamId, type CampaignQueued } from '@placement/domain';
import { FILE_REFUSALS, openTrackingToken, runCommand } from '@placement/platform';
import { zipFixtures } from '@placement/platform/test-support';
import { eventsWrittenBy, formOf, signedInUser, startCommandApi, type CommandApiUnderTest, type Reply, type SignedInUser } from '../test-support';
import { MAX_ATTACHMENTS } from './requests';
import { EMAIL_REPLIES } from './views';

const MAX_ATTACHMENT_BYTES = 4096;
const pdf = Buffer.from('%PDF-1.7\nA campus drive brochure');
const csv = Buffer.from('roll,name\nCS21-042,Asha\n');

describe('bulk e-mail commands against the real event store and S3', () => {
  let api: CommandApiUnderTest;
  let staff: SignedInUser;
  let student: SignedInUser;
  let asha: SignedInUser;
  let ravi: SignedInUser;

  beforeAll(async () => {
    api = await startCommandApi({ MAX_ATTACHMENT_BYTES: String(MAX_ATTACHMENT_BYTES) });
    [staff, student, asha, ravi] = await Promise.all([
      signedInUser(api, 'staff'),
      signedInUser(api, 'student'),
      signedInUser(api, 'student', { fullName: 'Asha Verma' }),
      signedInUser(api, 'student', { fullName: 'Ravi Kumar' }),
    ]);
  });
  afterAll(() => api.stop());

  const campaignKeys = () => api.deps.files.keysUnder('campaigns/');

  /** A refusal appends nothing and leaves no object behind (other test files write to the same store meanwhile). */
  async function expectRefusedAndNothingWritten(send: () => Promise<Reply>, status: number, message: string) {
    const [since, keysBefore] = await Promise.all([api.deps.store.headPosition(), campaignKeys()]);
    const reply = await send();
    expect(reply.status).toBe(status);
    expect(reply.body.message).toBe(message);
    expect(await eventsWrittenBy(api, reply, since)).toEqual([]);
    expect((await campaignKeys()).sort()).toEqual(keysBefore.sort());
    return reply;
  }

  describe('POST /api/email/templates', () => {
    const template = { name: 'Campus drive', subject: 'Acme is hiring', content: '<h2>Acme</h2><p><strong>Apply</strong> today</p>' };
    const save = (body: unknown, token = staff.token) => api.request('POST', '/api/email/templates', { body, token });

    it('saves a template for staff and stores its content sanitized', async () => {
      const content = '<p onclick="steal()">Apply <a href="javascript:alert(1)">here</a><script>alert(1)</script></p><img src="data:image/png;base64,AAAA">';
      const reply = await save({ ...template, name: ' Campus drive ', content });
      expect(reply.status).toBe(201);
      const templateId = (reply.body.template as { _id: string })._id;
      const sanitized = '<p>Apply <a>here</a></p>';
      expect(reply.body).toEqual({ message: 'Template saved successfully', template: { _id: templateId, name: 'Campus drive', subject: template.subject, content: sanitized }, position: expect.any(Number) });
      const [saved] = await api.deps.store.readStream(templateStreamId(templateId));
      expect(saved).toMatchObject({ type: 'TemplateSaved', data: { templateId, content: sanitized }, metadata: { actorId: staff.id, actorRole: 'staff' } });
      expect(reply.headers.get('x-consistency-position')).toBe(String(reply.body.position));
    });

    it('keeps the toolbar formatting', async () => {
      const content = '<h1 class="ql-align-center">Drive</h1><ol><li>One</li></ol><p><span style="color:rgb(230, 0, 0)">red</span> <a href="https://acme.example" target="_blank" rel="noopener noreferrer">site</a></p>';
      const reply = await save({ ...template, content });
      expect(reply.status).toBe(201);
      expect((reply.body.template as { content: string }).content).toBe(content);
    });

    it.each([
      [{ name: '  ' }, 'Please enter a template name'],
      [{ subject: '' }, 'Please enter a subject'],
      [{ content: '<p><br></p>' }, 'Please enter email content'],
      [{ content: '<script>alert("only this")</script>' }, 'Please enter email content'],
    ])('refuses %j with the spec message and writes nothing', async (overrides, message) => {
      const reply = await expectRefusedAndNothingWritten(() => save({ ...template, ...overrides }), 400, message);
      expect((reply.body.errors as { message: string }[])[0]!.message).toBe(message);
    });

    it('is for staff and admins only', async () => {
      await expectRefusedAndNothingWritten(() => save(template, student.token), 403, 'You do not have permission to do this');
      await expectRefusedAndNothingWritten(() => api.request('POST', '/api/email/templates', { body: template }), 401, 'Authentication required');
    });
  });

  describe('POST /api/email/send', () => {
    type SendFields = Partial<Record<'subject' | 'content' | 'recipients' | 'trackOpens' | 'scheduledDateTime', string>>;
    type SendForm = SendFields & { files?: [field: string, bytes: Buffer, name: string][] };

    const attachment = (name: string, bytes: Buffer): [string, Buffer, string] => ['attachments', bytes, name];
    const definedFields = (fields: SendFields) => Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const sendForm = ({ files = [], ...fields }: SendForm): FormData => formOf(definedFields(fields), files);

    const aSend = (): SendForm => ({
      subject: 'Acme campus drive',
      content: '<p>Dear students,</p><p><strong>Acme</strong> visits on Monday.<script>alert(1)</script></p>',
      recipients: JSON.stringify([asha.id, ravi.id]),
    });
    const send = (form: SendForm, token = staff.token) => api.request('POST', '/api/email/send', { form: sendForm(form), token });

    async function queuedCampaign(campaignId: string): Promise<CampaignQueued['data']> {
      const [queued] = await api.deps.store.readStream(campaignStreamId(campaignId));
      expect(queued).toMatchObject({ type: 'CampaignQueued', metadata: { actorId: staff.id, actorRole: 'staff' } });
      return queued!.data as CampaignQueued['data'];
    }

    it('queues a campaign with two attachments: the event in the store, the files in S3', async () => {
      const reply = await send({
        ...aSend(),
        trackOpens: 'false',
        files: [
          attachment('Acme Brochure (2025).pdf', pdf),
          attachment('shortlist.csv', csv),
        ],
      });
      expect(reply.status).toBe(202);
      const campaignId = reply.body.campaignId as string;
      expect(reply.body).toEqual({ message: 'Email sent successfully to 2 recipients', campaignId, recipients: 2, scheduledFor: null, position: expect.any(Number) });

      const queued = await queuedCampaign(campaignId);
      expect(queued).toMatchObject({
        subject: 'Acme campus drive',
        content: '<p>Dear students,</p><p><strong>Acme</strong> visits on Monday.</p>',
        recipients: [
          { userId: asha.id, email: asha.email, fullName: 'Asha Verma' },
          { userId: ravi.id, email: ravi.email, fullName: 'Ravi Kumar' },
        ],
        trackOpens: false,
        scheduledFor: null,
        requestedBy: staff.id,
      });
      expect(queued.attachments).toEqual([
        { key: expect.stringMatching(new RegExp(`^campaigns/${campaignId}/[0-9a-f-]{36}-Acme_Brochure_2025\\.pdf$`)), filename: 'Acme Brochure (2025).pdf', contentType: 'application/pdf', size: pdf.length },
        { key: expect.stringMatching(new RegExp(`^campaigns/${campaignId}/[0-9a-f-]{36}-shortlist\\.csv$`)), filename: 'shortlist.csv', contentType: 'text/csv; charset=utf-8', size: csv.length },
      ]);
      const [brochure, shortlist] = await Promise.all(queued.attachments.map((attachment) => api.deps.files.get(attachment.key)));
      expect(brochure).toEqual({ body: pdf, contentType: 'application/pdf', size: pdf.length });
      expect(shortlist).toEqual({ body: csv, contentType: 'text/csv; charset=utf-8', size: csv.length });
    });

    it('sends once per user and tracks opens by default', async () => {
      const reply = await send({ ...aSend(), recipients: JSON.stringify([asha.id, asha.id]) });
      expect(reply.status).toBe(202);
      expect(reply.body.message).toBe('Email sent successfully to 1 recipients');
      const queued = await queuedCampaign(reply.body.campaignId as string);
      expect(queued).toMatchObject({ trackOpens: true, attachments: [] });
      expect(queued.recipients).toHaveLength(1);
    });

    it('keeps a non-ASCII file name for recipients and an ASCII one in the storage key', async () => {
      const reply = await send({ ...aSend(), files: [attachment('प्लेसमेंट सूचना.pdf', pdf)] });
      expect(reply.status).toBe(202);
      const [stored] = (await queuedCampaign(reply.body.campaignId as string)).attachments;
      expect(stored).toMatchObject({ filename: 'प्लेसमेंट सूचना.pdf', key: expect.stringMatching(/-attachment\.pdf$/) });
    });

    it('schedules a send for a time in the future', async () => {
      const at = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
      const reply = await send({ ...aSend(), scheduledDateTime: at });
      expect(reply.status).toBe(202);
      expect(reply.body).toMatchObject({ message: EMAIL_REPLIES.scheduled(at, 2), scheduledFor: at });
      expect((await queuedCampaign(reply.body.campaignId as string)).scheduledFor).toBe(at);
    });

    it('refuses a schedule in the past, storing no attachment', async () => {
      const past = new Date(Date.now() - 60_000).toISOString();
      await expectRefusedAndNothingWritten(() => send({ ...aSend(), scheduledDateTime: past, files: [attachment('a.pdf', pdf)] }), 400, 'Please choose a date and time in the future');
    });

    it.each([
      ['no recipients field', { recipients: undefined }, 'Please select at least one recipient'],
      ['an empty recipient list', { recipients: '[]' }, 'Please select at least one recipient'],
      ['a blank subject', { subject: '   ' }, 'Please enter a subject'],
      ['no content', { content: undefined }, 'Please enter email content'],
      ['empty editor content', { content: '<p><br></p>' }, 'Please enter email content'],
      ['content that is only a script', { content: '<script>alert(1)</script>' }, 'Please enter email content'],
      ['a schedule that is not a date', { scheduledDateTime: 'next monday' }, 'Please enter a valid date and time'],
    ])('refuses %s with its message, storing nothing', async (_name, overrides, message) => {
      await expectRefusedAndNothingWritten(() => send({ ...aSend(), ...overrides, files: [attachment('a.pdf', pdf)] }), 400, message);
    });

    it('refuses an attachment over the size limit with 413, storing nothing', async () => {
      const oversized = Buffer.concat([pdf, Buffer.alloc(MAX_ATTACHMENT_BYTES)]);
      await expectRefusedAndNothingWritten(
        () => send({ ...aSend(), files: [attachment('small.pdf', pdf), attachment('big.pdf', oversized)] }),
        413,
        'File attachments is larger than 4 KB',
      );
    });

    it(`refuses more than ${MAX_ATTACHMENTS} attachments`, async () => {
      const files = Array.from({ length: MAX_ATTACHMENTS + 1 }, (_, index) => (attachment(`a${index}.pdf`, pdf)));
      await expectRefusedAndNothingWritten(() => send({ ...aSend(), files }), 400, 'Invalid upload: Too many files');
    });

    it.each([
      ['an executable', 'setup.exe', Buffer.from('MZ\x90\x00', 'latin1')],
      ['a script', 'run.js', Buffer.from('alert(1)')],
      ['an executable named like a PDF', 'brochure.pdf', Buffer.from('MZ\x90\x00', 'latin1')],
    ])('refuses %s as an attachment with 415, storing nothing', async (_name, filename, bytes) => {
      await expectRefusedAndNothingWritten(
        () => send({ ...aSend(), files: [attachment('fine.pdf', pdf), attachment(filename, bytes)] }),
        415,
        EMAIL_REPLIES.attachmentType(filename),
      );
    });

    it('opens Word, Excel and PowerPoint attachments under the zip guard: a zip bomb is refused, storing nothing', async () => {
      // 3 KB that inflate to 3 MB (a ratio no document has), its headers claiming 10 KB.
      const bomb = zipFixtures.docxZipBomb(3, true);
      await expectRefusedAndNothingWritten(
        () => send({ ...aSend(), files: [attachment('fine.pdf', pdf), attachment('offer.docx', bomb)] }),
        400,
        FILE_REFUSALS.zipBomb(64),
      );
    });

    it('refuses files under another field name', async () => {
      await expectRefusedAndNothingWritten(() => send({ ...aSend(), files: [['file', pdf, 'a.pdf']] }), 400, EMAIL_REPLIES.unexpectedFileField('file'));
    });

    it('refuses unknown and deleted recipients, naming them', async () => {
      const admin = await signedInUser(api, 'admin');
      const leaver = await signedInUser(api, 'student');
      await runCommand(api.deps.store, {
        streamId: userStreamId(leaver.id),
        decider: userDecider,
        versions: USER_EVENT_VERSIONS,
        command: { type: 'DeleteUser', userId: leaver.id },
        context: { now: new Date(), actor: { id: admin.id, role: 'admin' } },
        causation: { correlationId: `test-${randomUUID()}`, causationId: null },
      });
      const stranger = randomUUID();
      const reply = await expectRefusedAndNothingWritten(
        () => send({ ...aSend(), recipients: JSON.stringify([asha.id, stranger, leaver.id]), files: [attachment('a.pdf', pdf)] }),
        400,
        `These recipients do not exist: ${stranger}, ${leaver.id}`,
      );
      expect(reply.body.errors).toEqual([{ field: 'recipients', message: reply.body.message }]);
    });

    it('is for staff and admins only', async () => {
      await expectRefusedAndNothingWritten(() => send(aSend(), student.token), 403, 'You do not have permission to do this');
      await expectRefusedAndNothingWritten(() => api.request('POST', '/api/email/send', { form: sendForm(aSend()) }), 401, 'Authentication required');
    });
  });

  describe('GET /api/email/track/:campaignId/:token.gif', () => {
    const pixel = (campaignId: string, token: string): Promise<Response> => fetch(`${api.service.url}/api/email/track/${encodeURIComponent(campaignId)}/${token}.gif`);

    async function expectPixel(response: Response) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/gif');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-consistency-position')).toBeNull();
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      expect(body.readUInt16LE(6)).toBe(1);
      expect(body.readUInt16LE(8)).toBe(1);
    }

    async function aCampaign(): Promise<string> {
      const form = new FormData();
      form.append('subject', 'Drive');
      form.append('content', '<p>Hi</p>');
      form.append('recipients', JSON.stringify([asha.id, ravi.id]));
      const reply = await api.request('POST', '/api/email/send', { form, token: staff.token });
      expect(reply.status).toBe(202);
      return reply.body.campaignId as string;
    }

    it('records exactly one open for two loads of the pixel, for the recipient the token names', async () => {
      const campaignId = await aCampaign();
      const token = openTrackingToken(api.deps.env.JWT_SECRET, campaignId, ravi.email);
      await expectPixel(await pixel(campaignId, token));
      await expectPixel(await pixel(campaignId, token));
      const events = await api.deps.store.readStream(campaignStreamId(campaignId));
      const opens = events.filter((event) => event.type === 'CampaignEmailOpened');
      expect(opens).toHaveLength(1);
      expect(opens[0]).toMatchObject({ data: { campaignId, email: ravi.email }, metadata: { actorRole: 'visitor' } });
    });

    it('answers a GIF for garbage and writes nothing', async () => {
      const campaignId = await aCampaign();
      await expectPixel(await pixel(campaignId, 'garbage'));
      await expectPixel(await pixel(campaignId, openTrackingToken('another-secret-of-at-least-32-chars', campaignId, asha.email)));
      await expectPixel(await pixel(randomUUID(), openTrackingToken(api.deps.env.JWT_SECRET, randomUUID(), asha.email)));
      // Path parameters longer than 200 characters are refused before any route (400): the longest allowed is still a GIF.
      await expectPixel(await pixel('x'.repeat(200), 'A'.repeat(43)));
      // The stack's notifier may be sending this campaign meanwhile; what a pixel would add is an open.
      const types = (await api.deps.store.readStream(campaignStreamId(campaignId))).map((event) => event.type);
      expect(types.filter((type) => type === 'CampaignEmailOpened')).toEqual([]);
    });
  });

  it('documents every bulk e-mail command in the OpenAPI document', async () => {
    const document = (await (await fetch(`${api.service.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { 'x-roles': string }>> };
    expect(document.paths['/api/email/templates']?.post?.['x-roles']).toBe('staff, admin');
    expect(document.paths['/api/email/send']?.post?.['x-roles']).toBe('staff, admin');
    expect(document.paths['/api/email/track/{campaignId}/{token}.gif']?.get?.['x-roles']).toBe('public');
  });
});
