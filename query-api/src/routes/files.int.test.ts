import { applicationStreamId } from '@placement/domain';
import { existingJob, formOf, SAMPLE_FILES } from '../../../command-api/src/test-support';
import { emailProjection } from '../../../projectors/src/projections/email';
import { usersProjection } from '../../../projectors/src/projections/users';
import { CALLERS, Portal, type Caller } from '../test-support';

type Statuses = Record<Caller, number>;
const statuses = (allowed: Caller[]): Statuses =>
  Object.fromEntries(CALLERS.map((caller) => [caller, caller === 'visitor' ? 401 : caller === 'suspended student' ? 403 : allowed.includes(caller) ? 200 : 403])) as Statuses;

describe('file downloads against the real command-api, S3 and query-api', () => {
  let portal: Portal;
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    portal = await Portal.start([usersProjection, emailProjection]);
    const student = portal.user('student');
    await portal.write('POST', '/api/profile/update', {
      token: student.token,
      form: formOf(
        {
          mobileNo: '9876543210',
          whatsappNo: '9876543211',
          fatherName: 'Ramesh Rao',
          fatherNumber: '9876543212',
          school: 'SOET',
          existingBacklogs: '0',
          areaOfInterest: 'Data',
          hasCertifications: 'true',
          readyToRelocate: 'true',
          education: JSON.stringify({ tenth: { percentage: 90, passingYear: '2017' }, twelfth: { percentage: 85, passingYear: '2019' } }),
          skills: JSON.stringify([{ id: 1, name: 'SQL' }]),
          certifications: JSON.stringify([{ name: 'AWS' }]),
          experience: JSON.stringify([{ hasExperience: false }]),
        },
        [
          ['resume', SAMPLE_FILES.pdf, 'cv.pdf'],
          ['profilePhoto', SAMPLE_FILES.png, 'me.png'],
          ['certificationImage-0', SAMPLE_FILES.jpeg, 'aws.jpg'],
        ],
      ),
    });
    const profile = (await portal.read('/api/profile/me', 'student')).body as { resume: string; profilePhoto: string; certifications: { image: string }[] };
    urls.profileResume = profile.resume;
    urls.photo = profile.profilePhoto;
    urls.certificate = profile.certifications[0]!.image;

    const jobId = await existingJob(portal.command);
    const applied = await portal.write('POST', '/api/applications', {
      token: student.token,
      form: formOf({ jobId, fullName: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' }, [['resume', SAMPLE_FILES.docx, 'cv.docx']]),
    });
    const [submitted] = await portal.command.deps.store.readStream(applicationStreamId(applied.applicationId as string));
    urls.applicationResume = `/uploads/${(submitted!.data as { resumeKey: string }).resumeKey}`;

    const sent = await portal.write('POST', '/api/email/send', {
      token: portal.user('staff').token,
      form: formOf({ subject: 'Drive', content: '<p>Drive</p>', recipients: JSON.stringify([student.id]) }, [['attachments', SAMPLE_FILES.pdf, 'Drive schedule.pdf']]),
    });
    const { campaign } = (await portal.read(`/api/email/campaigns/${sent.campaignId as string}`, 'staff')).body as { campaign: { attachments: { url: string }[] } };
    urls.attachment = campaign.attachments[0]!.url;
  }, 60_000);
  afterAll(() => portal.stop());

  it.each([
    ['profile resume', 'profileResume', ['student', 'admin']],
    ['profile photo', 'photo', ['student', 'admin']],
    ['certificate image', 'certificate', ['student', 'admin']],
    ["application's resume", 'applicationResume', ['student', 'admin']],
    ['campaign attachment', 'attachment', ['staff', 'admin']],
  ] as const)('a %s opens for its owner and admins only', async (_what, file, allowed) => {
    expect(await portal.statusesFor(urls[file]!)).toEqual(statuses([...allowed]));
  });

  it('streams the stored bytes with their content type, inline', async () => {
    const resume = await portal.read(urls.profileResume!, 'student');
    expect(resume.headers.get('content-type')).toBe('application/pdf');
    expect(resume.headers.get('content-disposition')).toMatch(/^inline; filename="[0-9a-f-]{36}\.pdf"$/);
    expect(resume.headers.get('cache-control')).toBe('private, no-store');
    expect(resume.bytes.equals(SAMPLE_FILES.pdf)).toBe(true);
    const photo = await portal.read(urls.photo!, 'admin');
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.bytes.equals(SAMPLE_FILES.png)).toBe(true);
    const docx = await portal.read(urls.applicationResume!, 'admin');
    expect(docx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.bytes.equals(SAMPLE_FILES.docx)).toBe(true);
    const attachment = await portal.read(urls.attachment!, 'staff');
    expect(attachment.headers.get('content-disposition')).toBe('inline; filename="Drive_schedule.pdf"');
  });

  it('answers 404 for a missing file the caller may open, and 403 (not 404) for one they may not', async () => {
    const missingOwn = urls.profileResume!.replace(/[0-9a-f-]{36}\.pdf$/, '00000000-0000-0000-0000-000000000000.pdf');
    expect((await portal.read(missingOwn, 'student')).status).toBe(404);
    expect((await portal.read(missingOwn, 'admin')).body).toMatchObject({ status: 404, message: 'File not found' });
    expect((await portal.read(missingOwn, 'another student')).status).toBe(403);
    expect((await portal.read('/uploads/resumes/no-such-application/cv.pdf', 'student')).status).toBe(403);
  });

  it('refuses paths that are not storage keys', async () => {
    const own = `/uploads/profiles/${portal.user('student').id}`;
    for (const path of [`${own}/..%2F..%2Fcampaigns%2Fx`, `${own}/%2E%2E/x.pdf`, '/uploads/profiles', `${own}/resume/a%20b.pdf`]) {
      expect([path, (await portal.read(path, 'admin')).status]).toEqual([path, 404]);
    }
  });
});
