import { NO_ELIGIBILITY_RULES, type JobFormInput } from '@placement/domain';
import { idsOf, JobsPortal } from './test-fixtures';
import { jobFilter } from './queries';
import { approvalRate } from '../applications/views';

const FUTURE = '2099-06-01';
const PAST = '2020-06-01';

interface ListedJob {
  _id: string;
  companyName: string;
  profiles: string;
  location: string;
  offerType: string[];
  status: string;
  createdAt: string;
  applicationCount: number;
  hasApplied?: boolean;
}
interface PublicList {
  success: boolean;
  count: number;
  data: ListedJob[];
  message: string;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('job queries against the real command-api, projections and query-api', () => {
  let portal: JobsPortal;
  const ids: Record<string, string> = {};
  /** Every job, oldest first. */
  const posted: string[] = [];

  const post = async (name: string, fields: Partial<JobFormInput>, as: 'admin' | 'public' = 'admin') => {
    ids[name] = await portal.postJob(fields, as);
    posted.push(ids[name]);
  };
  const publicList = async (params: Record<string, string> = {}, caller: Parameters<JobsPortal['read']>[1] = 'visitor') => {
    const reply = await portal.read(`/api/jobs?${query(params)}`, caller);
    expect(reply.status).toBe(200);
    return reply.body as PublicList;
  };
  const adminList = async (params: Record<string, string> = {}) => {
    const reply = await portal.read(`/api/jobs/admin/jobs?${query(params)}`);
    expect(reply.status).toBe(200);
    return reply.body as { success: boolean; count: number; data: ListedJob[] };
  };
  const approvedNewestFirst = () => posted.filter((id) => id !== ids.designer && id !== ids.engineer).reverse();

  beforeAll(async () => {
    portal = await JobsPortal.start();
    await post('analyst', {
      companyName: 'Acme Analytics',
      profiles: 'Data Analyst',
      location: 'Bengaluru',
      offerType: ['Full time Employment'],
      skills: ['SQL', 'Python'],
      category: ['Data Analyst'],
      dateOfJoining: FUTURE,
    });
    await post('teller', { companyName: 'Beta Bank', profiles: 'Teller', location: 'Mumbai', offerType: ['Internship + PPO'], skills: ['Excel'], category: ['Finance'], dateOfJoining: PAST });
    await post('game', {
      companyName: 'Gamma Games',
      profiles: 'Game Developer',
      location: 'Pune',
      offerType: ['Apprenticeship', 'Summer Internship'],
      skills: ['C++', 'Unity'],
      category: ['Software Developer'],
      dateOfJoining: FUTURE,
    });
    await post('designer', { companyName: 'Delta Design', profiles: 'UI Designer', location: 'Bengaluru', offerType: ['Summer Internship'], skills: ['Figma'], category: ['Designer'], dateOfJoining: FUTURE }, 'public');
    await post('engineer', { companyName: 'Epsilon Energy', profiles: 'Field Engineer', location: 'Chennai', offerType: ['Full time Employment'], skills: ['AutoCAD'], category: ['Engineer'], dateOfJoining: FUTURE });
    await portal.write('PATCH', `/api/jobs/${ids.engineer}/status`, { token: portal.user('admin').token, body: { status: 'rejected' } });
    for (const [index, dateOfJoining] of [FUTURE, PAST, FUTURE, PAST].entries()) {
      await post(`filler${index + 1}`, {
        companyName: `Filler Co ${index + 1}`,
        profiles: 'Support Associate',
        location: 'Remote',
        offerType: ['Full time Employment'],
        skills: ['Communication'],
        category: ['Customer Support'],
        dateOfJoining,
      });
    }
  }, 60_000);
  afterAll(() => portal.stop());

  describe('GET /api/jobs (the job listing)', () => {
    it('lists approved jobs only, newest first, in the spec shape, with every job field and nothing internal', async () => {
      const list = await publicList();
      expect(list).toEqual({ success: true, count: 7, data: expect.any(Array), message: 'Jobs fetched successfully' });
      expect(idsOf(list.data)).toEqual(approvedNewestFirst());
      const analyst = list.data.find((job) => job._id === ids.analyst);
      expect(analyst).toEqual({
        _id: ids.analyst,
        companyName: 'Acme Analytics',
        companyLogo: 'https://acme.example/logo.png',
        website: 'https://acme.example',
        officeAddress: '12 MG Road, Bengaluru',
        yearOfEstablishment: 2004,
        contactPersonName: 'Priya Sharma',
        contactNumber: '9876543210',
        email: 'hr@acme.example',
        profiles: 'Data Analyst',
        eligibility: 'B.Tech CSE, 7 CGPA',
        eligibilityRules: NO_ELIGIBILITY_RULES,
        vacancies: 3,
        offerType: ['Full time Employment'],
        ctcOrStipend: '8 LPA',
        tier: '',
        location: 'Bengaluru',
        resultDeclaration: 'Within a week',
        dateOfJoining: FUTURE,
        reference: 'Self',
        jobDescription: 'Build dashboards.',
        additionalInfo: '',
        skills: ['SQL', 'Python'],
        category: ['Data Analyst'],
        status: 'approved',
        source: 'admin',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        applicationCount: 0,
      });
    });

    const LISTING_FILTERS: [Record<string, string>, string[]][] = [
      [{ search: 'ACME' }, ['analyst']],
      [{ search: 'python' }, ['analyst']],
      [{ search: 'developer' }, ['game']],
      [{ search: 'pune' }, ['game']],
      [{ search: 'finance' }, ['teller']],
      [{ search: 'designer' }, []],
      [{ location: 'benga' }, ['analyst']],
      [{ offerType: 'Summer Internship' }, ['game']],
      [{ offerType: 'Internship + PPO,Apprenticeship' }, ['game', 'teller']],
      [{ skills: 'sql' }, ['analyst']],
      [{ skills: 'c++,UNITY' }, ['game']],
      [{ skills: 'c++,sql' }, []],
      [{ category: 'data' }, ['analyst']],
      [{ location: 'Bengaluru', skills: 'python', offerType: 'Full time Employment' }, ['analyst']],
      [{ search: 'a+b (c)' }, []],
    ];

    it.each(LISTING_FILTERS)('filters %j on the server', async (params, expected) => {
      const list = await publicList(params);
      expect(idsOf(list.data)).toEqual(expected.map((name) => ids[name]));
      expect(list.count).toBe(expected.length);
    });

    it.each(LISTING_FILTERS)('filters %j a page at a time from the listing read model, with the count of every match', async (params, expected) => {
      const matching = expected.map((name) => ids[name]);
      for (const page of ['1', '2']) {
        const list = await publicList({ ...params, page, limit: '1' }, 'student');
        expect(idsOf(list.data)).toEqual(matching.slice(Number(page) - 1, Number(page)));
        expect(list.count).toBe(expected.length);
      }
    });

    it("takes 'All Types', a blank filter and a repeated offerType as the job filter sends them", async () => {
      expect((await publicList({ offerType: 'All Types', search: '  ' })).count).toBe(7);
      const repeated = await portal.read('/api/jobs?offerType=Summer%20Internship&offerType=Internship%20%2B%20PPO', 'visitor');
      expect(idsOf((repeated.body as PublicList).data)).toEqual([ids.game, ids.teller]);
    });

    it('pages on the server when asked (6 per page by default), counting every match', async () => {
      const first = await portal.read('/api/jobs?page=1', 'visitor');
      expect(first.headers.get('x-total-count')).toBe('7');
      expect(idsOf((first.body as PublicList).data)).toEqual(approvedNewestFirst().slice(0, 6));
      expect((first.body as PublicList).count).toBe(7);
      expect(idsOf((await publicList({ page: '2' })).data)).toEqual(approvedNewestFirst().slice(6));
      expect(idsOf((await publicList({ page: '2', limit: '3' })).data)).toEqual(approvedNewestFirst().slice(3, 6));
      expect(idsOf((await publicList({ page: '9' })).data)).toEqual([]);
    });

    it('refuses paging that makes no sense', async () => {
      for (const params of ['page=0', 'limit=0', 'page=x', 'limit=100000']) expect((await portal.read(`/api/jobs?${params}`, 'visitor')).status).toBe(400);
    });

    it('marks the jobs the signed-in student applied to, and only for students', async () => {
      ids.firstApplication = await portal.apply(portal.user('student'), ids.analyst!);
      const mine = await publicList({}, 'student');
      expect(mine.data.filter((job) => job.hasApplied).map((job) => job._id)).toEqual([ids.analyst]);
      expect(mine.data.every((job) => typeof job.hasApplied === 'boolean')).toBe(true);
      expect((await publicList({}, 'another student')).data.some((job) => job.hasApplied)).toBe(false);
      for (const caller of ['visitor', 'admin', 'staff'] as const) expect((await publicList({}, caller)).data.every((job) => job.hasApplied === undefined)).toBe(true);
      expect((await publicList({}, 'student')).data.find((job) => job._id === ids.analyst)?.applicationCount).toBe(1);
    });

    it("shows every caller each job's live applications, which an application moves without any job event", async () => {
      // The counts come from the applications projection: an answer cached by the jobs position alone would stay stale.
      const shown = async () => ({
        listing: (await publicList({}, 'admin')).data.find((job) => job._id === ids.game)?.applicationCount,
        student: (await publicList({}, 'another student')).data.find((job) => job._id === ids.game)?.applicationCount,
        table: (await adminList()).data.find((job) => job._id === ids.game)?.applicationCount,
      });
      expect(await shown()).toEqual({ listing: 0, student: 0, table: 0 });
      const application = await portal.apply(portal.user('another student'), ids.game!);
      expect(await shown()).toEqual({ listing: 1, student: 1, table: 1 });
      await portal.write('DELETE', `/api/applications/${application}`, { token: portal.user('admin').token });
      expect(await shown()).toEqual({ listing: 0, student: 0, table: 0 });
    });

    it('sees an approval at once when the client sends the position of its command', async () => {
      const extra = await portal.postJob({ companyName: 'Omega Optics' }, 'public');
      // Unpaged (the jobs read model) and paged (the listing read model) alike.
      const found = async (params: Record<string, string>) => [idsOf((await publicList(params)).data), idsOf((await publicList({ ...params, page: '1', limit: '6' })).data)];
      expect(await found({ search: 'omega' })).toEqual([[], []]);
      await portal.write('PATCH', `/api/jobs/${extra}/status`, { token: portal.user('admin').token, body: { status: 'approved' } });
      expect(await found({ search: 'omega' })).toEqual([[extra], [extra]]);
      await portal.write('DELETE', `/api/jobs/${extra}`, { token: portal.user('admin').token });
      expect(await found({ search: 'omega' })).toEqual([[], []]);
    });
  });

  describe('GET /api/jobs/admin/jobs (the job management table)', () => {
    it('lists every job, newest first, as { success, count, data }', async () => {
      const list = await adminList();
      expect(list).toEqual({ success: true, count: 9, data: expect.any(Array) });
      expect(idsOf(list.data)).toEqual([...posted].reverse());
      expect(list.data.find((job) => job._id === ids.designer)).toMatchObject({ status: 'pending', source: 'public' });
    });

    it.each([
      [{ status: 'pending' }, ['designer']],
      [{ status: 'rejected' }, ['engineer']],
      [{ status: 'approved', location: 'bengaluru' }, ['analyst']],
      [{ companyName: 'EPSILON' }, ['engineer']],
      [{ profiles: 'designer' }, ['designer']],
      [{ offerType: 'Summer Internship,Internship + PPO' }, ['designer', 'game', 'teller']],
      [{ location: 'chennai' }, ['engineer']],
      [{ skills: 'figma' }, ['designer']],
      [{ category: 'engineer' }, ['engineer']],
      [{ search: 'delta' }, ['designer']],
      [{ search: 'bengaluru', status: 'pending' }, ['designer']],
    ])('filters %j on the server', async (params, expected) => {
      const list = await adminList(params);
      expect(idsOf(list.data)).toEqual(expected.map((name) => ids[name]));
      expect(list.count).toBe(expected.length);
    });

    it("treats status 'all' as no status filter", async () => {
      expect((await adminList({ status: 'all' })).count).toBe(9);
    });

    const keyOf: Record<string, (job: ListedJob) => string> = {
      company: (job) => job.companyName.toLowerCase(),
      profile: (job) => job.profiles.toLowerCase(),
      offerType: (job) => job.offerType.join(', ').toLowerCase(),
      location: (job) => job.location.toLowerCase(),
      createdAt: (job) => job.createdAt,
      status: (job) => job.status,
    };
    const compare = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

    it.each(Object.keys(keyOf).flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))('sorts by %s %s, ties by id', async (sort, order) => {
      const all = (await adminList()).data;
      const key = keyOf[sort]!;
      const sign = order === 'asc' ? 1 : -1;
      const expected = [...all].sort((left, right) => sign * (compare(key(left), key(right)) || compare(left._id, right._id)));
      expect(idsOf((await adminList({ sort, order })).data)).toEqual(idsOf(expected));
    });

    it('sorts a clicked column ascending first, and pages', async () => {
      expect(idsOf((await adminList({ sort: 'company' })).data)).toEqual(idsOf((await adminList({ sort: 'company', order: 'asc' })).data));
      const page = await portal.read('/api/jobs/admin/jobs?page=2&limit=4&sort=company');
      expect(page.headers.get('x-total-count')).toBe('9');
      expect(idsOf((page.body as { data: ListedJob[] }).data)).toEqual(idsOf((await adminList({ sort: 'company' })).data).slice(4, 8));
      expect((await portal.read('/api/jobs/admin/jobs?sort=salary')).status).toBe(400);
    });
  });

  describe('statistics', () => {
    it('counts jobs by status, and approved jobs as active (joining today or later) or expired', async () => {
      const stats = await portal.read('/api/jobs/stats');
      expect(stats.body).toEqual({ totalJobs: 9, activeJobs: 4, expiredJobs: 3, pendingJobs: 1, approvedJobs: 7, rejectedJobs: 1 });
    });

    it('counts applications: pending review is Applied, Under Review and Scheduled; approval rate over decided ones', async () => {
      const admin = portal.user('admin').token;
      const read = async () => (await portal.read('/api/jobs/stats/applications')).body;
      // One application exists (the 'Already Applied' test).
      expect(await read()).toEqual({ totalApplications: 1, pendingReview: 1, approved: 0, rejected: 0, approvalRate: 0 });
      const second = await portal.apply(portal.user('another student'), ids.analyst!);
      const third = await portal.apply(portal.user('student'), ids.game!);
      const fourth = await portal.apply(portal.user('another student'), ids.teller!);
      // Accepted is an offer: it carries its CTC (issue 16 part 3).
      await portal.write('PUT', `/api/applications/${ids.firstApplication}`, { token: admin, body: { status: 'Accepted', offer: { ctc: 800_000 } } });
      await portal.write('PUT', `/api/applications/${second}`, { token: admin, body: { status: 'Accepted', offer: { ctc: 800_000 } } });
      await portal.write('PUT', `/api/applications/${third}`, { token: admin, body: { status: 'Rejected' } });
      await portal.write('PUT', `/api/applications/${fourth}`, { token: admin, body: { status: 'Scheduled', interview: { startsAt: '2031-03-18T05:00:00.000Z', durationMinutes: 30, location: 'Room 1' } } });
      expect(await read()).toEqual({ totalApplications: 4, pendingReview: 1, approved: 2, rejected: 1, approvalRate: 66.7 });
      await portal.write('DELETE', `/api/applications/${third}`, { token: admin });
      expect(await read()).toEqual({ totalApplications: 3, pendingReview: 1, approved: 2, rejected: 0, approvalRate: 100 });
      expect((await adminList({ search: 'acme' })).data[0]?.applicationCount).toBe(2);
    });
  });

  describe('permissions', () => {
    it.each([
      ['/api/jobs', { visitor: 200, student: 200, 'another student': 200, staff: 200, admin: 200, 'suspended student': 403 }],
      ['/api/jobs/admin/jobs', { visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 }],
      ['/api/jobs/stats', { visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 }],
      ['/api/jobs/stats/applications', { visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 }],
    ])('%s answers each caller as the permission matrix says', async (path, expected) => {
      expect(await portal.statusesFor(path)).toEqual(expected);
    });
  });
});

describe('job list helpers', () => {
  it('builds one flat condition per filter on the top-level search copies, a second skill or category narrowing in $and', () => {
    expect(jobFilter({})).toEqual({});
    expect(jobFilter({ status: 'approved' })).toEqual({ status: 'approved' });
    expect(jobFilter({ status: 'approved', skills: ['SQL', 'Power BI'], offerType: ['All Types'] })).toEqual({
      status: 'approved',
      searchSkills: { $regex: 'sql' },
      $and: [{ searchSkills: { $regex: 'power bi' } }],
    });
    expect(jobFilter({ status: 'approved', search: 'Data', location: 'pune', companyName: 'A.C*', profiles: 'Analyst', category: ['IT'] })).toEqual({
      status: 'approved',
      $or: [
        { searchProfiles: { $regex: 'data' } },
        { searchCompanyName: { $regex: 'data' } },
        { searchLocation: { $regex: 'data' } },
        { searchSkills: { $regex: 'data' } },
        { searchCategory: { $regex: 'data' } },
      ],
      searchCompanyName: { $regex: 'a\\.c\\*' },
      searchProfiles: { $regex: 'analyst' },
      searchLocation: { $regex: 'pune' },
      searchCategory: { $regex: 'it' },
    });
  });

  it('matches a term holding the list separator against the elements of skills and categories, never across two', () => {
    expect(jobFilter({ skills: ['SQL', 'a\u001fB'], category: ['x\u001fy'] })).toEqual({
      searchSkills: { $regex: 'sql' },
      'lower.skills': { $regex: 'a\u001fb' },
      'lower.category': { $regex: 'x\u001fy' },
    });
    expect(jobFilter({ search: 'a\u001fb' })).toEqual({
      $or: [
        { searchProfiles: { $regex: 'a\u001fb' } },
        { searchCompanyName: { $regex: 'a\u001fb' } },
        { searchLocation: { $regex: 'a\u001fb' } },
        { 'lower.skills': { $regex: 'a\u001fb' } },
        { 'lower.category': { $regex: 'a\u001fb' } },
      ],
    });
  });

  it('rounds the approval rate to one decimal, and is 0 with nothing decided', () => {
    expect(approvalRate(0, 0)).toBe(0);
    expect(approvalRate(1, 2)).toBe(33.3);
    expect(approvalRate(2, 1)).toBe(66.7);
    expect(approvalRate(3, 0)).toBe(100);
  });
});
