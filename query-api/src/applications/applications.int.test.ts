import { aJobForm, SAMPLE_FILES } from '../../../command-api/src/test-support';
import { applicantShown, resumeFileName } from './views';
import { idsOf, JobsPortal } from '../jobs/test-fixtures';

interface JobColumns {
  _id: string;
  profiles: string;
  companyName: string;
  ctcOrStipend: string;
  location: string;
  offerType: string[];
}
interface OwnApplication {
  _id: string;
  status: string;
  appliedDate: string;
  jobId: JobColumns | null;
  interview: { startsAt: string; durationMinutes: number; location?: string; meetingLink?: string; scheduledAt: string } | null;
}
interface ReviewedApplication extends OwnApplication {
  fullName: string;
  email: string;
  phone: string;
  resume: string | null;
  userId: { _id: string; fullName: string; email: string; phone: string | null; rollNo: string | null } | null;
  applicant: { name: string | null; email: string | null; phone: string | null; rollNo: string | null };
}

const ACME = { companyName: 'Acme Analytics', profiles: 'Data Analyst', location: 'Bengaluru', ctcOrStipend: '8 LPA', offerType: ['Full time Employment'] as const };
const BETA = { companyName: 'Beta Bank', profiles: 'Teller', location: 'Mumbai', ctcOrStipend: '20k per month', offerType: ['Internship + PPO', 'Apprenticeship'] as const };
const ASHA_FORM = { fullName: 'Asha Form', email: 'asha.form@example.com', phone: '9111111111' };
const BALA_FORM = { fullName: 'Bala Form', email: 'bala.form@example.com', phone: '9222222222' };

describe('application queries against the real command-api, projections, S3 and query-api', () => {
  let portal: JobsPortal;
  let acme: string;
  let beta: string;
  /** The student's application to Acme, to Beta, and the other student's to Acme (a Word resume). */
  let ashaAcme: string;
  let ashaBeta: string;
  let balaAcme: string;

  const student = () => portal.user('student');
  const admin = () => portal.user('admin').token;
  const myApplications = async (caller: 'student' | 'another student' = 'student') => {
    const reply = await portal.read('/api/applications/my-applications', caller);
    expect(reply.status).toBe(200);
    return reply.body as OwnApplication[];
  };
  const reviewed = async (path: string) => {
    const reply = await portal.read(path);
    expect(reply.status).toBe(200);
    return reply.body as ReviewedApplication[];
  };

  beforeAll(async () => {
    portal = await JobsPortal.start();
    acme = await portal.postJob({ ...ACME, offerType: [...ACME.offerType] });
    beta = await portal.postJob({ ...BETA, offerType: [...BETA.offerType] });
    ashaAcme = await portal.apply(student(), acme, ASHA_FORM);
    ashaBeta = await portal.apply(student(), beta, ASHA_FORM);
    balaAcme = await portal.apply(portal.user('another student'), acme, BALA_FORM, SAMPLE_FILES.docx);
  }, 60_000);
  afterAll(() => portal.stop());

  describe('GET /api/applications/my-applications', () => {
    it("answers the student's own applications, newest first, with the job's columns", async () => {
      const reply = await portal.read('/api/applications/my-applications', 'student');
      expect(reply.headers.get('x-total-count')).toBe('2');
      expect(reply.body).toEqual([
        { _id: ashaBeta, status: 'Applied', appliedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), jobId: { _id: beta, ...BETA }, interview: null, offer: null },
        { _id: ashaAcme, status: 'Applied', appliedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), jobId: { _id: acme, ...ACME }, interview: null, offer: null },
      ]);
    });

    it("never shows a student another student's applications", async () => {
      expect(idsOf(await myApplications('another student'))).toEqual([balaAcme]);
      expect(idsOf(await myApplications('student'))).not.toContain(balaAcme);
    });

    it('pages when asked', async () => {
      const page = await portal.read('/api/applications/my-applications?page=2&limit=1', 'student');
      expect(page.headers.get('x-total-count')).toBe('2');
      expect(idsOf(page.body)).toEqual([ashaAcme]);
    });

    it('follows status changes and job edits', async () => {
      await portal.write('PUT', `/applications/applications/${ashaAcme}`, { token: admin(), body: { status: 'Under Review' } });
      await portal.write('PUT', `/api/jobs/${acme}`, { token: admin(), body: { ...aJobForm(), ...ACME, offerType: [...ACME.offerType], companyName: 'Acme Labs', location: 'Pune' } });
      const mine = await myApplications();
      expect(mine.find((application) => application._id === ashaAcme)).toMatchObject({ status: 'Under Review', jobId: { companyName: 'Acme Labs', location: 'Pune', profiles: 'Data Analyst' } });
    });
  });

  describe('GET /applications/applications/:jobId (the review table)', () => {
    it("answers the job's applications with the form's fields, the applicant's account and the job nested", async () => {
      const applications = await reviewed(`/applications/applications/${acme}`);
      expect(idsOf(applications)).toEqual([balaAcme, ashaAcme]);
      const asha = applications.find((application) => application._id === ashaAcme)!;
      expect(asha).toEqual({
        _id: ashaAcme,
        status: 'Under Review',
        appliedDate: expect.any(String),
        ...ASHA_FORM,
        resume: expect.stringMatching(new RegExp(`^/uploads/resumes/${ashaAcme}/[\\w-]+\\.pdf$`)),
        userId: { _id: student().id, fullName: 'Test student', email: student().email, phone: null, rollNo: `R-${student().id.slice(0, 6)}` },
        jobId: { _id: acme, ...ACME, companyName: 'Acme Labs', location: 'Pune' },
        applicant: { name: 'Test student', email: ASHA_FORM.email, phone: ASHA_FORM.phone, rollNo: `R-${student().id.slice(0, 6)}` },
        interview: null,
        offer: null,
      });
    });

    it("applies the spec's precedence: the account's name first, the form's e-mail and phone first", async () => {
      const { id, email } = student();
      await portal.write('PUT', `/api/admin/users/${id}`, {
        token: admin(),
        body: { fullName: 'Asha Account', email, mobileNo: '9000000001', rollNo: 'R-ASHA', role: 'student', status: 'active' },
      });
      const asha = (await reviewed(`/applications/applications/${acme}`)).find((application) => application._id === ashaAcme)!;
      expect(asha.userId).toEqual({ _id: id, fullName: 'Asha Account', email, phone: '9000000001', rollNo: 'R-ASHA' });
      expect(asha).toMatchObject({ fullName: 'Asha Form', email: ASHA_FORM.email, phone: ASHA_FORM.phone });
      expect(asha.applicant).toEqual({ name: 'Asha Account', email: ASHA_FORM.email, phone: ASHA_FORM.phone, rollNo: 'R-ASHA' });
    });

    it.each([
      ['', 'desc by appliedDate (default)', () => [balaAcme, ashaAcme]],
      ['?sort=appliedDate&order=asc', 'asc by appliedDate', () => [ashaAcme, balaAcme]],
      ['?sort=name', 'by account name', () => [ashaAcme, balaAcme]],
      ['?sort=name&order=desc', 'by account name, descending', () => [balaAcme, ashaAcme]],
      ['?sort=email', 'by form e-mail', () => [ashaAcme, balaAcme]],
      ['?sort=status&order=desc', 'by status, descending', () => [ashaAcme, balaAcme]],
      ['?status=Applied', 'filtered by status', () => [balaAcme]],
      ['?status=Accepted', 'filtered by a status nobody has', () => []],
      ['?page=1&limit=1', 'paged', () => [balaAcme]],
    ])('%s sorts %s', async (params, _what, expected) => {
      expect(idsOf(await reviewed(`/applications/applications/${acme}${params}`))).toEqual(expected());
    });

    it('refuses an unknown status or sort', async () => {
      expect((await portal.read(`/applications/applications/${acme}?status=Pending`)).status).toBe(400);
      expect((await portal.read(`/applications/applications/${acme}?sort=phone`)).status).toBe(400);
    });
  });

  describe('GET /api/applications (admin helper)', () => {
    it('filters by job and status, newest first', async () => {
      const all = await reviewed('/api/applications');
      expect(idsOf(all)).toEqual([balaAcme, ashaBeta, ashaAcme]);
      expect(idsOf(await reviewed(`/api/applications?jobId=${beta}`))).toEqual([ashaBeta]);
      expect(idsOf(await reviewed(`/api/applications?jobId=${acme}&status=Under%20Review`))).toEqual([ashaAcme]);
      expect(idsOf(await reviewed('/api/applications?status=Applied'))).toEqual([balaAcme, ashaBeta]);
    });

    it('pages with the number of all matches: across jobs from the counters, of one job counted', async () => {
      const paged = async (path: string) => {
        const reply = await portal.read(path);
        expect(reply.status).toBe(200);
        return [reply.headers.get('x-total-count'), idsOf(reply.body)];
      };
      expect(await paged('/api/applications?page=1&limit=1')).toEqual(['3', [balaAcme]]);
      expect(await paged('/api/applications?status=Applied&page=2&limit=1')).toEqual(['2', [ashaBeta]]);
      expect(await paged('/api/applications?status=Under%20Review&page=1&limit=20')).toEqual(['1', [ashaAcme]]);
      expect(await paged('/api/applications?status=Accepted&page=1&limit=20')).toEqual(['0', []]);
      expect(await paged(`/api/applications?jobId=${acme}&status=Applied&page=1&limit=1`)).toEqual(['1', [balaAcme]]);
    });
  });

  describe('GET /applications/jobs (the review job list)', () => {
    it('lists jobs, newest first, each with its number of live applications', async () => {
      const reply = await portal.read('/applications/jobs');
      expect(reply.headers.get('x-total-count')).toBe('2');
      const jobs = reply.body as (JobColumns & { applicationCount: number })[];
      expect(jobs.map((job) => [job._id, job.applicationCount])).toEqual([
        [beta, 1],
        [acme, 2],
      ]);
      expect(jobs[0]).toMatchObject({ ...BETA, status: 'approved' });
      expect(jobs[0]).not.toHaveProperty('lower');
      expect(jobs[0]).not.toHaveProperty('sort');
      expect(jobs[0]).not.toHaveProperty('_v');
      expect(Object.keys(jobs[0]!).filter((field) => field.startsWith('search'))).toEqual([]);
    });

    it('pages the jobs by their number of live applications, counting every job', async () => {
      const page = async (params: string) => {
        const reply = await portal.read(`/applications/jobs?sort=applicationCount&${params}`);
        expect(reply.headers.get('x-total-count')).toBe('2');
        return (reply.body as { _id: string; applicationCount: number; profiles: string }[]).map((job) => [job._id, job.applicationCount, job.profiles]);
      };
      // The jobs themselves, fetched by id, in the counts' order.
      expect(await page('page=1&limit=1')).toEqual([[acme, 2, ACME.profiles]]);
      expect(await page('page=2&limit=1')).toEqual([[beta, 1, BETA.profiles]]);
      expect(await page('order=asc&page=1&limit=1')).toEqual([[beta, 1, BETA.profiles]]);
      expect(await page('page=3&limit=1')).toEqual([]);
    });

    it.each([
      ['?sort=applicationCount', () => [acme, beta]],
      ['?sort=applicationCount&order=asc', () => [beta, acme]],
      ['?sort=company', () => [acme, beta]],
      ['?sort=profile&order=desc', () => [beta, acme]],
      ['?sort=location', () => [beta, acme]],
      // Numeric-aware: '8 LPA' before '20k per month'.
      ['?sort=ctcOrStipend', () => [acme, beta]],
      ['?page=2&limit=1', () => [acme]],
    ])('%s', async (params, expected) => {
      expect(idsOf((await portal.read(`/applications/jobs${params}`)).body)).toEqual(expected());
    });
  });

  describe('resumes', () => {
    it('says a stored PDF is valid, and a Word resume is not (the review screen downloads PDFs)', async () => {
      expect((await portal.read(`/applications/resume/check/${ashaAcme}`)).body).toEqual({ isValid: true });
      expect((await portal.read(`/applications/resume/check/${balaAcme}`)).body).toEqual({ isValid: false });
      expect((await portal.read('/applications/resume/check/no-such-application')).status).toBe(404);
    });

    it('downloads the stored file as an attachment with its real type', async () => {
      const pdf = await portal.read(`/applications/resume/${ashaAcme}`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="resume-${ashaAcme}.pdf"`);
      expect(pdf.bytes.equals(SAMPLE_FILES.pdf)).toBe(true);
      const word = await portal.read(`/applications/resume/${balaAcme}`);
      expect(word.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(word.headers.get('content-disposition')).toBe(`attachment; filename="resume-${balaAcme}.docx"`);
      expect(word.bytes.equals(SAMPLE_FILES.docx)).toBe(true);
      expect((await portal.read('/applications/resume/no-such-application')).body).toMatchObject({ status: 404, message: 'Application not found' });
    });
  });

  describe('after deletions', () => {
    it("shows a deleted job's applications as no longer available (jobId null) and drops the job from the review list", async () => {
      await portal.write('DELETE', `/api/jobs/${beta}`, { token: admin() });
      const mine = await myApplications();
      expect(mine.find((application) => application._id === ashaBeta)).toEqual({ _id: ashaBeta, status: 'Applied', appliedDate: expect.any(String), jobId: null, interview: null, offer: null });
      expect((await reviewed(`/api/applications?jobId=${beta}`))[0]).toMatchObject({ _id: ashaBeta, jobId: null, userId: { fullName: 'Asha Account' } });
      expect(idsOf((await portal.read('/applications/jobs')).body)).toEqual([acme]);
      expect(idsOf((await portal.read('/applications/jobs?sort=applicationCount&order=asc')).body)).toEqual([acme]);
      expect((await portal.read('/applications/jobs?sort=applicationCount&page=1&limit=5')).headers.get('x-total-count')).toBe('1');
    });

    it('forgets a deleted application and lowers its job count', async () => {
      await portal.write('DELETE', `/applications/applications/${balaAcme}`, { token: admin() });
      expect(await myApplications('another student')).toEqual([]);
      expect(idsOf(await reviewed(`/applications/applications/${acme}`))).toEqual([ashaAcme]);
      expect(((await portal.read('/applications/jobs')).body as { applicationCount: number }[])[0]?.applicationCount).toBe(1);
      expect((await portal.read(`/applications/resume/check/${balaAcme}`)).status).toBe(404);
    });
  });

  describe('permissions', () => {
    const ownOnly = { visitor: 401, student: 200, 'another student': 200, staff: 403, admin: 403, 'suspended student': 403 };
    const adminOnly = { visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 };
    it.each([
      ['/api/applications/my-applications', ownOnly],
      ['/applications/jobs', adminOnly],
      ['/applications/applications/:jobId', adminOnly],
      ['/api/applications', adminOnly],
      ['/applications/resume/check/:applicationId', adminOnly],
      ['/applications/resume/:applicationId', adminOnly],
    ])('%s answers each caller as the permission matrix says', async (path, expected) => {
      expect(await portal.statusesFor(path.replace(':jobId', acme).replace(':applicationId', ashaAcme))).toEqual(expected);
    });
  });
});

describe('application view helpers', () => {
  const application = {
    _id: 'a',
    jobId: 'j',
    studentId: 's',
    status: 'Applied' as const,
    appliedDate: '2025-03-05T10:00:00.000Z',
    resumeKey: 'resumes/a/x.pdf',
    job: null,
    applicantSort: null,
    sort: { email: '' },
  };

  it('prefers the account name and the form e-mail and phone, falling back to the other', () => {
    const account = { fullName: 'Account', email: 'account@x.edu', phone: '9000000000', rollNo: 'R1' };
    expect(applicantShown({ ...application, fullName: 'Form', email: 'form@x.edu', phone: '9111111111', applicant: account })).toEqual({
      name: 'Account',
      email: 'form@x.edu',
      phone: '9111111111',
      rollNo: 'R1',
    });
    expect(applicantShown({ ...application, fullName: 'Form', email: '', phone: '', applicant: { ...account, fullName: '' } })).toEqual({
      name: 'Form',
      email: 'account@x.edu',
      phone: '9000000000',
      rollNo: 'R1',
    });
    expect(applicantShown({ ...application, fullName: '', email: '', phone: '', applicant: null })).toEqual({ name: null, email: null, phone: null, rollNo: null });
  });

  it('names the download after the application, with the extension of its type', () => {
    expect(resumeFileName('a1', 'application/pdf')).toBe('resume-a1.pdf');
    expect(resumeFileName('a1', 'application/msword')).toBe('resume-a1.doc');
  });
});
