import { randomUUID } from 'node:crypto';
import { applicationStreamId, jobStreamId } from '@placement/domain';
import { aJobForm, eventsWrittenBy, formOf, SAMPLE_FILES, signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../test-support';
import { applicationIdOf } from './requests';
import { profileForm } from './eligibility-fixtures';
import { JOB_REPLIES } from '../jobs/views';

const RULES = { minGraduation: 7, graduationScale: 'CGPA', maxBacklogs: 0, passingYears: ['2026'] };

describe('eligibility rules when applying, against the real event store', () => {
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  let staff: SignedInUser;
  beforeAll(async () => {
    api = await startCommandApi({ PUBLIC_SUBMISSIONS_PER_HOUR: '1000' });
    admin = await signedInUser(api, 'admin');
    staff = await signedInUser(api, 'staff');
  });
  afterAll(() => api.stop());

  const setProfile = async (student: SignedInUser, graduationScore: string, backlogs: string) => {
    const reply = await api.request('POST', '/api/profile/update', { token: student.token, form: formOf(profileForm(graduationScore, backlogs)) });
    expect(reply.status).toBe(200);
  };
  const apply = (student: SignedInUser, jobId: string) =>
    api.request('POST', '/api/applications', {
      token: student.token,
      form: formOf({ jobId, fullName: 'Asha Rao', email: 'asha@university.edu', phone: '9876543210' }, [['resume', SAMPLE_FILES.pdf, 'cv.pdf']]),
    });
  const jobWithRules = async (rules: Record<string, unknown> = RULES) => {
    const reply = await api.request('POST', '/api/jobs', { token: admin.token, body: { ...aJobForm(), eligibilityRules: rules } });
    expect(reply.status).toBe(201);
    return String((reply.body.data as { _id: string })._id);
  };

  it('keeps the rules a staff member posts, in the job event and the reply', async () => {
    const reply = await api.request('POST', '/api/jobs', { token: staff.token, body: { ...aJobForm(), eligibilityRules: { ...RULES, degrees: 'B.Tech, MCA' } } });
    expect(reply.status).toBe(201);
    const rules = { minTenthPercentage: null, minTwelfthPercentage: null, minGraduation: 7, graduationScale: 'CGPA', maxBacklogs: 0, passingYears: ['2026'], degrees: ['B.Tech', 'MCA'], schools: [] };
    expect(reply.body.data).toMatchObject({ eligibilityRules: rules, status: 'pending' });
    const [posted] = await api.deps.store.readStream(jobStreamId(String((reply.body.data as { _id: string })._id)));
    expect(posted).toMatchObject({ type: 'JobPosted', data: { eligibilityRules: rules } });
  });

  it('lets the public form leave the rules out and refuses rules that break their bounds', async () => {
    const open = await api.request('POST', '/api/jobs/public', { body: aJobForm() });
    expect(open.status).toBe(201);
    expect(open.body.data).toMatchObject({ eligibilityRules: { minGraduation: null, degrees: [] } });
    const wrong = await api.request('POST', '/api/jobs', { token: admin.token, body: { ...aJobForm(), eligibilityRules: { minGraduation: 12, maxBacklogs: -1 } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'eligibilityRules.minGraduation', message: 'A CGPA must be a number between 0 and 10' },
        { field: 'eligibilityRules.maxBacklogs', message: 'Backlogs allowed must be a whole number of at least 0' },
      ]),
    );
  });

  it('records changed rules as an edit of the job', async () => {
    const jobId = await jobWithRules();
    const reply = await api.request('PUT', `/api/jobs/${jobId}`, { token: admin.token, body: { ...aJobForm(), eligibilityRules: { ...RULES, maxBacklogs: 1 } } });
    expect(reply.status).toBe(200);
    const edited = (await api.deps.store.readStream(jobStreamId(jobId))).at(-1);
    expect(edited).toMatchObject({ type: 'JobEdited', data: { before: { eligibilityRules: { maxBacklogs: 0 } }, after: { eligibilityRules: { maxBacklogs: 1 } } } });
  });

  it('refuses a student the rules exclude with every failing rule named, and writes nothing', async () => {
    const student = await signedInUser(api, 'student');
    await setProfile(student, '6.8', '2');
    const jobId = await jobWithRules();
    const since = await api.deps.store.headPosition();
    const reply = await apply(student, jobId);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('Not eligible: graduation CGPA 6.8 is below 7.0; 2 existing backlogs, at most 0 allowed');
    expect(reply.body.errors).toEqual([
      { field: 'eligibility', message: 'graduation CGPA 6.8 is below 7.0' },
      { field: 'eligibility', message: '2 existing backlogs, at most 0 allowed' },
    ]);
    expect(await eventsWrittenBy(api, reply, since)).toEqual([]);
    expect(await api.deps.files.keysUnder(`resumes/${applicationIdOf(student.id, jobId)}/`)).toEqual([]);
  });

  it('refuses a student without a profile, and judges the profile as it stands when applying', async () => {
    const student = await signedInUser(api, 'student');
    const jobId = await jobWithRules();
    const bare = await apply(student, jobId);
    expect(bare.status).toBe(409);
    expect(bare.body.message).toBe('Not eligible: graduation CGPA is not in your profile; existing backlogs is not in your profile; passing year is not in your profile');
    await setProfile(student, '72%', '0');
    const reply = await apply(student, jobId);
    expect(reply.status).toBe(201);
  });

  it('lets an admin let one student apply despite the rules, with a reason recorded on the job and the application', async () => {
    const student = await signedInUser(api, 'student');
    const other = await signedInUser(api, 'student');
    await setProfile(student, '6.8', '2');
    await setProfile(other, '6.8', '2');
    const jobId = await jobWithRules();

    const granted = await api.request('POST', `/api/jobs/${jobId}/eligibility-overrides`, { token: admin.token, body: { studentId: student.id, reason: 'Backlogs cleared in the re-exam' } });
    expect(granted.status).toBe(201);
    expect(granted.body).toEqual({ success: true, message: JOB_REPLIES.overrideGranted, position: expect.any(Number) });
    expect((await api.deps.store.readStream(jobStreamId(jobId))).at(-1)).toMatchObject({
      type: 'EligibilityOverrideGranted',
      data: { jobId, studentId: student.id, reason: 'Backlogs cleared in the re-exam' },
      metadata: { actorId: admin.id, actorRole: 'admin' },
    });

    const reply = await apply(student, jobId);
    expect(reply.status).toBe(201);
    const [submitted] = await api.deps.store.readStream(applicationStreamId(String(reply.body.applicationId)));
    expect(submitted).toMatchObject({
      data: { eligibilityOverride: { reason: 'Backlogs cleared in the re-exam', failedRules: ['graduation CGPA 6.8 is below 7.0', '2 existing backlogs, at most 0 allowed'] } },
    });
    expect((await apply(other, jobId)).status).toBe(409);

    const again = await api.request('POST', `/api/jobs/${jobId}/eligibility-overrides`, { token: admin.token, body: { studentId: student.id, reason: 'Twice' } });
    expect(again.status).toBe(409);
  });

  it('refuses an override without a reason, for someone who is not a student, or for a missing job', async () => {
    const student = await signedInUser(api, 'student');
    const jobId = await jobWithRules();
    const path = `/api/jobs/${jobId}/eligibility-overrides`;
    const blank = await api.request('POST', path, { token: admin.token, body: { studentId: student.id, reason: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: 'reason', message: 'Please give a reason' }]);
    const notStudent = await api.request('POST', path, { token: admin.token, body: { studentId: staff.id, reason: 'Asked nicely' } });
    expect(notStudent.status).toBe(404);
    const missingJob = await api.request('POST', `/api/jobs/${randomUUID()}/eligibility-overrides`, { token: admin.token, body: { studentId: student.id, reason: 'Asked nicely' } });
    expect(missingJob.status).toBe(404);
    expect((await api.request('POST', path, { token: staff.token, body: { studentId: student.id, reason: 'Asked nicely' } })).status).toBe(403);
  });
});
