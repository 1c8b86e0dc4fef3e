import { profileForm } from '../../../command-api/src/applications/eligibility-fixtures';
import { aJobForm, formOf } from '../../../command-api/src/test-support';
import { applicationsProjection } from '../../../projectors/src/projections/applications';
import { jobsProjection } from '../../../projectors/src/projections/jobs';
import { usersProjection } from '../../../projectors/src/projections/users';
import { idsOf, Portal } from '../test-support';

interface ListedJob {
  _id: string;
  eligibilityVerdict?: { eligible: boolean; reasons: string[]; overridden: boolean };
  eligibleStudents?: number;
  eligibilityMatch?: unknown;
  eligibilityOverrides?: unknown;
}

describe('eligibility on the job lists, against the real command-api, projections and query-api', () => {
  let portal: Portal;
  const ids: Record<'strict' | 'open' | 'mca', string> = { strict: '', open: '', mca: '' };

  const postJob = async (eligibilityRules: Record<string, unknown> | undefined) => {
    const reply = await portal.write('POST', '/api/jobs', { token: portal.user('admin').token, body: { ...aJobForm(), ...(eligibilityRules ? { eligibilityRules } : {}) } });
    return (reply.data as { _id: string })._id;
  };
  const list = async (caller: 'student' | 'another student' | 'visitor', params = '') => {
    const reply = await portal.read(`/api/jobs?${params}`, caller);
    expect(reply.status).toBe(200);
    return (reply.body as { data: ListedJob[] }).data;
  };
  const byId = (jobs: ListedJob[]) => Object.fromEntries(jobs.map((job) => [job._id, job]));

  beforeAll(async () => {
    portal = await Portal.start([jobsProjection, applicationsProjection, usersProjection]);
    ids.strict = await postJob({ minGraduation: 7, maxBacklogs: 0 });
    ids.open = await postJob(undefined);
    ids.mca = await postJob({ degrees: ['MCA'] });
    // 'student': CGPA 6.8 and two backlogs; 'another student': CGPA 8.2 and none. Both B.Tech.
    await portal.write('POST', '/api/profile/update', { token: portal.user('student').token, form: formOf(profileForm('6.8', '2')) });
    await portal.write('POST', '/api/profile/update', { token: portal.user('another student').token, form: formOf(profileForm('8.2', '0')) });
  }, 60_000);
  afterAll(() => portal?.stop());

  it("shows the signed-in student Eligible or Not eligible on each job, with every failing rule", async () => {
    const jobs = byId(await list('student'));
    expect(jobs[ids.strict]!.eligibilityVerdict).toEqual({ eligible: false, reasons: ['graduation CGPA 6.8 is below 7.0', '2 existing backlogs, at most 0 allowed'], overridden: false });
    expect(jobs[ids.open]!.eligibilityVerdict).toEqual({ eligible: true, reasons: [], overridden: false });
    expect(jobs[ids.mca]!.eligibilityVerdict).toEqual({ eligible: false, reasons: ['degree B.Tech is not among MCA'], overridden: false });
    expect(jobs[ids.strict]).not.toHaveProperty('eligibilityMatch');
    expect(jobs[ids.strict]).not.toHaveProperty('eligibilityOverrides');
  });

  it('shows a visitor no verdict', async () => {
    expect((await list('visitor')).every((job) => job.eligibilityVerdict === undefined)).toBe(true);
  });

  it("lists 'Only jobs I am eligible for', newest first", async () => {
    expect(idsOf(await list('student', 'eligibleOnly=true'))).toEqual([ids.open]);
    expect(idsOf(await list('another student', 'eligibleOnly=true'))).toEqual([ids.open, ids.strict]);
    expect(idsOf(await list('student', 'eligibleOnly=false'))).toEqual([ids.mca, ids.open, ids.strict]);
  });

  it('counts per job the students its rules admit, and an override lets one more in', async () => {
    const counts = async () => {
      const reply = await portal.read('/api/jobs/admin/jobs');
      if (!(reply.body as { data?: unknown }).data) throw new Error(JSON.stringify(reply.body));
      return Object.fromEntries((reply.body as { data: ListedJob[] }).data.map((job) => [job._id, job.eligibleStudents]));
    };
    // The portal's three student accounts: two with profiles, one suspended without.
    expect(await counts()).toEqual({ [ids.strict]: 1, [ids.open]: 3, [ids.mca]: 0 });

    await portal.write('POST', `/api/jobs/${ids.mca}/eligibility-overrides`, { token: portal.user('admin').token, body: { studentId: portal.user('student').id, reason: 'Dual degree' } });
    expect(await counts()).toEqual({ [ids.strict]: 1, [ids.open]: 3, [ids.mca]: 1 });
    expect(idsOf(await list('student', 'eligibleOnly=true'))).toEqual([ids.mca, ids.open]);
    expect(byId(await list('student'))[ids.mca]!.eligibilityVerdict).toEqual({ eligible: false, reasons: ['degree B.Tech is not among MCA'], overridden: true });
  });

  it('follows the profile as it stands', async () => {
    await portal.write('POST', '/api/profile/update', { token: portal.user('student').token, form: formOf(profileForm('72%', '0')) });
    expect(byId(await list('student'))[ids.strict]!.eligibilityVerdict).toEqual({ eligible: true, reasons: [], overridden: false });
  });
});
