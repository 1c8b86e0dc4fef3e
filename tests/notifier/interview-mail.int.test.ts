/**
 * The status mail of a change to Scheduled, end to end: the command through the real command-api, the
 * event through the relay and real Kafka, the notifier's mail into MailDev, read back with its .ics.
 */
import { aJobForm, formOf, SAMPLE_FILES, signedInUser, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { type Namespace, startMailPath, type MailPath } from './support';

describe('the interview mail through the command-api, the relay, Kafka and the notifier', () => {
  let ns: Namespace;
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  let path: MailPath;

  beforeAll(async () => {
    path = await startMailPath();
    ({ ns, api, admin } = path);
  }, 90_000);
  afterAll(() => path?.stop(), 60_000);

  async function application(student: SignedInUser, jobId: string): Promise<string> {
    const applied = await api.request('POST', '/api/applications', {
      token: student.token,
      form: formOf({ jobId, fullName: 'Ravi Kumar', email: student.email, phone: '9876543210' }, [['resume', SAMPLE_FILES.pdf, 'cv.pdf']]),
    });
    expect(applied.status).toBe(201);
    return applied.body.applicationId as string;
  }

  it('names the slot in the status mail and attaches it as an iCalendar invitation', async () => {
    const student = await signedInUser(api, 'student');
    const posted = await api.request('POST', '/api/jobs', { token: admin.token, body: { ...aJobForm(), profiles: 'Data Engineer', companyName: 'Initech' } });
    const jobId = (posted.body.data as { _id: string })._id;
    const applicationId = await application(student, jobId);
    await ns.mailbox.waitForMailTo(student.email, 1, { timeoutMs: 30_000 });

    const interview = { startsAt: '2031-03-18T10:30:00+05:30', durationMinutes: 45, location: 'Placement cell, Room 101', meetingLink: 'https://meet.example/initech' };
    const scheduled = await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: { status: 'Scheduled', interview } });
    expect(scheduled.status).toBe(200);

    const mails = await ns.mailbox.waitForMailTo(student.email, 2, { timeoutMs: 30_000 });
    const mail = mails.find((sent) => sent.subject === 'Application update: Scheduled (Data Engineer at Initech)')!;
    expect(mail.text).toContain('is now: Scheduled.');
    expect(mail.text).toContain('Date and time: 18 Mar 2031, 05:00 UTC\nDuration: 45 minutes\nPlace: Placement cell, Room 101\nMeeting link: https://meet.example/initech');
    expect(mail.html).toContain('Placement cell, Room 101');
    expect(mail.attachments.map(({ filename, contentType }) => ({ filename, contentType: contentType.split(';')[0] }))).toEqual([{ filename: 'interview.ics', contentType: 'text/calendar' }]);

    const ics = (await ns.mailbox.attachment(mail, 'interview.ics')).toString('utf8');
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'METHOD:PUBLISH',
        `UID:interview-${applicationId}@placement-portal`,
        'DTSTART:20310318T050000Z',
        'DTEND:20310318T054500Z',
        'SUMMARY:Interview: Data Engineer at Initech',
        'LOCATION:Placement cell\\, Room 101 / https://meet.example/initech',
        'URL:https://meet.example/initech',
        'END:VCALENDAR',
      ]),
    );
  }, 60_000);

  it('sends other status mails without a slot or an attachment', async () => {
    const student = await signedInUser(api, 'student');
    const posted = await api.request('POST', '/api/jobs', { token: admin.token, body: { ...aJobForm(), profiles: 'Analyst', companyName: 'Initech' } });
    const applicationId = await application(student, (posted.body.data as { _id: string })._id);
    expect((await api.request('PUT', `/api/applications/${applicationId}`, { token: admin.token, body: { status: 'Under Review' } })).status).toBe(200);
    const mails = await ns.mailbox.waitForMailTo(student.email, 2, { timeoutMs: 30_000 });
    const mail = mails.find((sent) => sent.subject.startsWith('Application update: Under Review'))!;
    expect(mail.attachments).toEqual([]);
    expect(mail.text).not.toContain('Date and time');
  }, 60_000);
});
