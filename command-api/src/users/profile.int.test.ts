import { randomUUID } from 'node:crypto';
import { userStreamId, type StudentProfile } from '@placement/domain';
import { eventsWrittenBy, formOf, SAMPLE_FILES, signedInUser, startCommandApi, type CommandApiUnderTest, type Reply, type SignedInUser } from '../test-support';
import { PROFILE_REPLIES } from './views';

type FileEntry = [field: string, bytes: Buffer, name: string];

const profileFields = (overrides: Record<string, unknown> = {}): Record<string, string> => {
  const fields: Record<string, unknown> = {
    mobileNo: '9876543210',
    whatsappNo: '9876543211',
    mailId: '',
    fatherName: 'Ramesh Rao',
    fatherNumber: '9876543212',
    school: 'SOET',
    existingBacklogs: '0',
    areaOfInterest: 'Data engineering',
    hasCertifications: 'true',
    readyToRelocate: 'true',
    education: {
      tenth: { percentage: 91.2, passingYear: '2017' },
      twelfth: { percentage: '88', passingYear: '2019' },
      graduation: { degree: 'B.Tech', percentageOrCGPA: '8.4', passingYear: '2023' },
      masters: { degree: '', percentageOrCGPA: '', passingYear: '' },
    },
    skills: [{ id: 1, name: 'SQL' }],
    certifications: [{ name: 'AWS Cloud Practitioner' }, { name: 'Scrum Master' }],
    experience: [{ hasExperience: false, organizationName: '', duration: '', details: '' }],
    ...overrides,
  };
  // The form sends its lists and its education as JSON text.
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
};

describe('student profile update against the real event store and S3', () => {
  let api: CommandApiUnderTest;
  beforeAll(async () => {
    api = await startCommandApi();
  });
  afterAll(() => api.stop());

  const update = (user: SignedInUser, fields: Record<string, string> = profileFields(), files: FileEntry[] = [], target = api) =>
    target.request('POST', '/api/profile/update', { token: user.token, form: formOf(fields, files) });
  const storedProfile = async (userId: string) => {
    const updates = (await api.deps.store.readStream(userStreamId(userId))).filter((event) => event.type === 'StudentProfileUpdated');
    return (updates.at(-1)?.data as { profile: StudentProfile } | undefined)?.profile;
  };
  const filesOfStudent = (userId: string, target = api) => target.deps.files.keysUnder(`profiles/${userId}/`);

  async function expectNothingWritten(reply: Reply, since: number, userId: string) {
    expect(await eventsWrittenBy(api, reply, since)).toEqual([]);
    expect(await filesOfStudent(userId)).toEqual([]);
  }

  it('saves the profile with its resume, photo and a new certification image under private keys', async () => {
    const student = await signedInUser(api, 'student');
    const since = await api.deps.store.headPosition();
    const reply = await update(student, profileFields(), [
      ['resume', SAMPLE_FILES.pdf, 'cv.pdf'],
      ['profilePhoto', SAMPLE_FILES.png, 'me.png'],
      ['certificationImage-0', SAMPLE_FILES.jpeg, 'aws.jpg'],
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'Profile updated successfully!', position: expect.any(Number) });

    const [event] = await eventsWrittenBy(api, reply, since);
    expect(event).toMatchObject({ type: 'StudentProfileUpdated', metadata: { actorId: student.id, actorRole: 'student' } });
    const profile = (await storedProfile(student.id))!;
    expect(profile).toMatchObject({ mobileNo: '9876543210', existingBacklogs: 0, readyToRelocate: true, skills: [{ id: '1', name: 'SQL' }] });
    expect(profile.resumeKey).toMatch(new RegExp(`^profiles/${student.id}/resume/[0-9a-f-]{36}\\.pdf$`));
    expect(profile.profilePhotoKey).toMatch(new RegExp(`^profiles/${student.id}/photo/[0-9a-f-]{36}\\.png$`));
    expect(profile.certifications).toEqual([
      { name: 'AWS Cloud Practitioner', imageKey: expect.stringMatching(new RegExp(`^profiles/${student.id}/certifications/[0-9a-f-]{36}\\.jpg$`)) },
      { name: 'Scrum Master', imageKey: null },
    ]);
    expect((await api.deps.files.get(profile.resumeKey!))?.contentType).toBe('application/pdf');
    expect((await api.deps.files.get(profile.certifications[0]!.imageKey!))?.body.equals(SAMPLE_FILES.jpeg)).toBe(true);
    expect(await filesOfStudent(student.id)).toHaveLength(3);
  });

  it('keeps the stored files when none are sent, and a certification keeps its image by key', async () => {
    const student = await signedInUser(api, 'student');
    await update(student, profileFields(), [['resume', SAMPLE_FILES.pdf, 'cv.pdf'], ['certificationImage-1', SAMPLE_FILES.png, 'scrum.png']]);
    const first = (await storedProfile(student.id))!;
    const scrumKey = first.certifications[1]!.imageKey;

    const reply = await update(student, profileFields({ areaOfInterest: 'Platform engineering', certifications: [{ name: 'Scrum Master', imageKey: scrumKey }] }));
    expect(reply.status).toBe(200);
    const second = (await storedProfile(student.id))!;
    expect(second).toMatchObject({ areaOfInterest: 'Platform engineering', resumeKey: first.resumeKey, certifications: [{ name: 'Scrum Master', imageKey: scrumKey }] });

    const since = await api.deps.store.headPosition();
    const unchanged = await update(student, profileFields({ areaOfInterest: 'Platform engineering', certifications: [{ name: 'Scrum Master', imageKey: scrumKey }] }));
    expect(unchanged.status).toBe(200);
    expect(await eventsWrittenBy(api, unchanged, since)).toEqual([]);
  });

  it.each([
    ["another student's folder", (me: string, other: string) => `profiles/${other}/certifications/${randomUUID()}.png`],
    ['a way out of its own folder', (me: string, other: string) => `profiles/${me}/certifications/../../${other}/resume/${randomUUID()}.pdf`],
    ['a way out that stays an image name', (me: string, other: string) => `profiles/${me}/certifications/../../../profiles/${other}/photo/${randomUUID()}.png`],
    ['its own resume', (me: string) => `profiles/${me}/resume/${randomUUID()}.pdf`],
    ['a name the upload never gives', (me: string) => `profiles/${me}/certifications/x.png`],
    ['a deeper path', (me: string) => `profiles/${me}/certifications/${randomUUID()}/${randomUUID()}.png`],
  ])("refuses a certification image key that is not exactly one of the student's own uploads: %s", async (_name, keyOf) => {
    const student = await signedInUser(api, 'student');
    const other = await signedInUser(api, 'student');
    const since = await api.deps.store.headPosition();
    const reply = await update(student, profileFields({ certifications: [{ name: 'Stolen', imageKey: keyOf(student.id, other.id) }] }));
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ field: 'certifications.0.imageKey', message: PROFILE_REPLIES.foreignImage }]);
    await expectNothingWritten(reply, since, student.id);
  });

  it.each(['education', 'experience', 'skills', 'certifications'])('answers 400 naming %s when its JSON text is malformed', async (field) => {
    const student = await signedInUser(api, 'student');
    const since = await api.deps.store.headPosition();
    const reply = await update(student, { ...profileFields(), [field]: '{"broken":' }, [['resume', SAMPLE_FILES.pdf, 'cv.pdf']]);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 400, message: `${field} must be valid JSON`, errors: [{ field, message: `${field} must be valid JSON` }] });
    await expectNothingWritten(reply, since, student.id);
  });

  it.each([
    [{ mobileNo: '98765' }, 'mobileNo', 'Mobile number must be 10 digits'],
    [{ fatherNumber: '' }, 'fatherNumber', "Father's number is required"],
    [{ education: { tenth: { percentage: 101, passingYear: '2017' }, twelfth: { percentage: 88, passingYear: '2019' } } }, 'education.tenth.percentage', '10th percentage must be a number between 0 and 100'],
    [{ school: 'Elsewhere' }, 'school', 'Please select a school'],
    [{ existingBacklogs: '1.5' }, 'existingBacklogs', 'Existing backlogs must be a whole number, 0 or more'],
    [{ skills: [] }, 'skills', 'Please add at least one skill'],
    [{ certifications: [{ name: '' }] }, 'certifications.0.name', 'Each certification needs a name'],
    [{ experience: [{ hasExperience: true, organizationName: '', duration: '1 year', details: 'ETL' }] }, 'experience.0.organizationName', 'Organization name is required'],
  ])('refuses %j with the spec message, storing no file', async (overrides, field, message) => {
    const student = await signedInUser(api, 'student');
    const since = await api.deps.store.headPosition();
    const reply = await update(student, profileFields(overrides), [['resume', SAMPLE_FILES.pdf, 'cv.pdf']]);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    expect(reply.body.errors).toEqual([{ field, message }]);
    await expectNothingWritten(reply, since, student.id);
  });

  it.each([
    ['a Word resume', ['resume', SAMPLE_FILES.docx, 'cv.pdf'], 'Resume must be a PDF'],
    ['a PDF as photo', ['profilePhoto', SAMPLE_FILES.pdf, 'me.png'], 'Profile photo must be an image file'],
    ['a script as certificate', ['certificationImage-0', SAMPLE_FILES.text, 'aws.png'], 'Certification image must be an image file'],
  ] as [string, FileEntry, string][])('refuses %s, storing none of the files', async (_name, file, message) => {
    const student = await signedInUser(api, 'student');
    const since = await api.deps.store.headPosition();
    const reply = await update(student, profileFields(), [['certificationImage-1', SAMPLE_FILES.png, 'ok.png'], file]);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message, errors: [{ field: file[0], message }] });
    await expectNothingWritten(reply, since, student.id);
  });

  it('refuses files the form does not have', async () => {
    const student = await signedInUser(api, 'student');
    const reply = await update(student, profileFields(), [['avatar', SAMPLE_FILES.png, 'me.png']]);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(PROFILE_REPLIES.unexpectedFile('avatar'));
  });

  it('does not store images of certifications that are switched off or missing', async () => {
    const student = await signedInUser(api, 'student');
    const reply = await update(student, profileFields({ hasCertifications: 'false' }), [['certificationImage-0', SAMPLE_FILES.png, 'aws.png']]);
    expect(reply.status).toBe(200);
    expect((await storedProfile(student.id))?.certifications).toEqual([]);
    await update(student, profileFields(), [['certificationImage-5', SAMPLE_FILES.png, 'x.png']]);
    expect(await filesOfStudent(student.id)).toEqual([]);
  });

  it('answers 413 to an image over MAX_IMAGE_BYTES and a resume over MAX_RESUME_BYTES', async () => {
    const small = await startCommandApi({ MAX_IMAGE_BYTES: '1024', MAX_RESUME_BYTES: '2048' });
    try {
      const student = await signedInUser(small, 'student');
      const bigImage = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(1500)]);
      const photo = await update(student, profileFields(), [['profilePhoto', bigImage, 'me.png']], small);
      expect(photo.status).toBe(413);
      expect(photo.body.message).toBe('File profilePhoto is larger than 1 KB');
      const bigResume = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(3000, 0x20)]);
      const resume = await update(student, profileFields(), [['resume', bigResume, 'cv.pdf']], small);
      expect(resume.status).toBe(413);
      expect(await filesOfStudent(student.id, small)).toEqual([]);
    } finally {
      await small.stop();
    }
  });

  it('deletes what it stored when the append fails', async () => {
    const student = await signedInUser(api, 'student');
    const append = jest.spyOn(api.deps.store, 'append').mockRejectedValueOnce(new Error('the event store is unreachable'));
    try {
      const reply = await update(student, profileFields(), [['resume', SAMPLE_FILES.pdf, 'cv.pdf'], ['profilePhoto', SAMPLE_FILES.png, 'me.png']]);
      expect(reply.status).toBe(500);
    } finally {
      append.mockRestore();
    }
    expect(await filesOfStudent(student.id)).toEqual([]);
    expect(await storedProfile(student.id)).toBeUndefined();
  });

  it('is for students only, and only ever their own profile', async () => {
    for (const role of ['admin', 'staff'] as const) {
      const reply = await update(await signedInUser(api, role));
      expect(reply.status).toBe(403);
    }
    expect((await api.request('POST', '/api/profile/update', { form: formOf(profileFields()) })).status).toBe(401);
    // A userId in the form is not a field of the profile: the token decides whose profile it is.
    const student = await signedInUser(api, 'student');
    const other = await signedInUser(api, 'student');
    await update(student, { ...profileFields(), userId: other.id });
    expect(await storedProfile(other.id)).toBeUndefined();
    expect(await storedProfile(student.id)).toBeDefined();
  });
});
