import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTORS } from '@placement/domain';
import { ObjectStore, commonPasswords, createLogger, type RecordedEvent } from '@placement/platform';
import { startAtsEngine, type AtsUnderTest } from '../ats-engine/src/test-support/service';
import { applicationIdOf } from '../command-api/src/applications/requests';
import { startCommandApi, type CommandApiUnderTest } from '../command-api/src/test-support';
import { loadDemo, type DemoDeps, type DemoReport } from '../command-api/src/demo/load';
import { applicationResumeKey, profileResumeKey } from '../command-api/src/demo/plans';
import { DEMO_ACCOUNTS } from '../command-api/src/demo/season';
import { ALL_PROJECTIONS } from '../projectors/src/projections';
import { startQueryApi, type QueryApiUnderTest } from '../query-api/src/test-support';
import { createNamespace, envOf, type Namespace } from './notifier/support';

/**
 * `npm run demo`'s loader against an event store, read models and Kafka prefix of its own, at a
 * reduced size: the season's streams and events through the deciders, a second load that appends
 * nothing, the demo admin's sign-in, the admin dashboard's statistics, and resumes the ATS reads.
 */
describe('the demo season', () => {
  const seed = `test-${randomUUID()}`;
  const size = { students: 24, jobs: 8, applications: 80 };
  let ns: Namespace;
  let files: ObjectStore;
  let deps: DemoDeps;
  let query: QueryApiUnderTest;
  let command: CommandApiUnderTest;
  let ats: AtsUnderTest;
  let first: DemoReport;
  let log: RecordedEvent[];
  const stored: string[] = [];

  beforeAll(async () => {
    ns = await createNamespace();
    files = new ObjectStore(envOf(ns));
    deps = { store: ns.store, files, logger: createLogger('demo-test', 'silent'), commonPasswords: await commonPasswords() };
    // The read models follow the namespace's log from its (empty) start.
    query = await startQueryApi({ store: ns.store, projections: ALL_PROJECTIONS });
    command = await startCommandApi({ ...ns.env }, { store: ns.store });
    first = await loadDemo(deps, { seed, size });
    log = await ns.store.readAll();
    const { season } = first;
    stored.push(
      ...season.students.map((student) => profileResumeKey(season, student)),
      ...season.applications.map((application) => applicationResumeKey(season, applicationIdOf(season.students[application.student]!.userId, season.jobs[application.job]!.jobId))),
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled(stored.map((key) => files.delete(key)));
    await ats?.stop();
    await command?.stop();
    await query?.stop();
    files?.close();
    await ns?.dispose();
  }, 60_000);

  const streamsOf = (prefix: string) => new Set(log.filter((event) => event.streamId.startsWith(prefix)).map((event) => event.streamId));
  const countOf = (type: string) => log.filter((event) => event.type === type).length;

  it('writes every stream of the season through its decider, each kind as planned', () => {
    const { season } = first;
    const staff = 1 + season.staff.length;
    expect(streamsOf('user-email-').size).toBe(staff + size.students);
    expect([...streamsOf('user-')].filter((stream) => !stream.startsWith('user-email-'))).toHaveLength(staff + size.students);
    expect(countOf('UserCreatedByAdmin')).toBe(staff + size.students);
    expect(countOf('StudentProfileUpdated')).toBe(size.students);
    expect(streamsOf('job-').size).toBe(size.jobs);
    expect(countOf('JobPosted')).toBe(size.jobs);
    expect(countOf('JobApproved') + countOf('JobRejected')).toBe(season.jobs.filter((job) => job.decidedAt !== null).length);
    expect(streamsOf('application-').size).toBe(season.applications.length);
    expect(season.applications.length).toBe(size.applications);
    expect(countOf('ApplicationSubmitted')).toBe(size.applications);
    expect(countOf('ApplicationStatusChanged')).toBe(season.applications.reduce((sum, application) => sum + application.changes.length, 0));
    expect(streamsOf('training-').size).toBe(season.trainings.length);
    expect(streamsOf('experience-').size).toBe(season.experiences.length);
    expect(countOf('ExperienceApproved')).toBe(season.experiences.filter((experience) => experience.approvedAt !== null).length);
    expect(streamsOf('template-').size).toBe(season.templates.length);
    expect(countOf('CampaignQueued')).toBe(1);
    expect(countOf('CampaignRecipientSent')).toBe(size.students);
    expect(countOf('CampaignEmailOpened')).toBe(season.campaign.opens.length);
    expect(countOf('CampaignCompleted')).toBe(1);
    expect(first.events).toBe(log.length);
    expect(first.problems).toEqual([]);
  });

  it('backdates the season over weeks and marks it as history that mails nobody', () => {
    const times = log.map((event) => Date.parse(event.metadata.occurredAt));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(7 * 24 * 60 * 60 * 1000);
    // The admin and staff accounts are made as npm run admin makes them (nothing mails about those); all the rest is history.
    const unmarked = log.filter((event) => event.metadata.notify !== false);
    expect(unmarked.map((event) => event.type).sort()).toEqual([...Array(3).fill('EmailClaimed'), ...Array(3).fill('UserCreatedByAdmin')]);
    expect(unmarked.every((event) => event.metadata.actorName === SYSTEM_ACTORS.demo.name)).toBe(true);
    expect(log.find((event) => event.type === 'ApplicationSubmitted')!.metadata.actorRole).toBe('student');
    expect(log.find((event) => event.type === 'ApplicationStatusChanged')!.metadata.actorId).toBe(first.season.admin.userId);
  });

  it('appends nothing when it runs again: every stream is already where the season puts it', async () => {
    const head = await ns.store.headPosition();
    const again = await loadDemo(deps, { seed, size });
    expect(again.events).toBe(0);
    expect(again.problems).toEqual([]);
    expect(again.streams).toBe(first.streams);
    expect(Object.values(again.byKind).every((kind) => kind.appendedStreams === 0)).toBe(true);
    expect(await ns.store.headPosition()).toBe(head);
  }, 120_000);

  it('signs the demo admin in with the printed password, and the dashboard shows the season', async () => {
    const login = await command.post('/api/auth/login', { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password });
    expect(login.status).toBe(200);
    const token = String(login.body.token);
    await query.caughtUp();
    const get = async <Figures>(path: string): Promise<Figures> => {
      const reply = await query.get(path, { token });
      expect(reply.status).toBe(200);
      return reply.body as Figures;
    };
    const applications = await get<{ totalApplications: number; pendingReview: number; approved: number; rejected: number }>('/api/jobs/stats/applications');
    expect(applications.totalApplications).toBe(size.applications);
    expect(applications.pendingReview).toBeGreaterThan(0);
    expect(applications.approved + applications.rejected).toBeGreaterThan(0);
    const jobs = await get<{ totalJobs: number; approvedJobs: number; pendingJobs: number; rejectedJobs: number }>('/api/jobs/stats');
    expect(jobs).toMatchObject({ totalJobs: size.jobs, approvedJobs: first.season.jobs.filter((job) => job.status === 'approved').length });
    expect(jobs.pendingJobs).toBeGreaterThan(0);
    expect(jobs.rejectedJobs).toBeGreaterThan(0);
    expect((await get<{ students: number }>('/api/admin/stats/users')).students).toBe(size.students);
    const trainings = await get<{ totalTrainings: number; upcomingTrainings: number }>('/api/trainings/stats');
    expect(trainings.totalTrainings).toBe(first.season.trainings.length);
    expect(trainings.upcomingTrainings).toBeGreaterThan(0);
    expect(trainings.upcomingTrainings).toBeLessThan(trainings.totalTrainings);
    expect((await get<{ totalExperiences: number }>('/api/interview-experiences/stats')).totalExperiences).toBe(first.season.experiences.length);
    const { campaigns } = (await query.get('/api/email/campaigns', { token })).body as { campaigns: { sent: number; opened: number }[] };
    expect(campaigns).toEqual([expect.objectContaining({ sent: size.students, opened: first.season.campaign.opens.length })]);
  }, 120_000);

  it('stores resumes the ATS engine reads, under the keys the profile and the applications name', async () => {
    ats = await startAtsEngine();
    const { season } = first;
    for (const student of season.students.slice(0, 3)) {
      const resume = await files.get(profileResumeKey(season, student));
      expect(resume?.contentType).toBe('application/pdf');
      const analysed = await ats.analyze({ bytes: resume!.body, name: 'resume.pdf' });
      expect(analysed.status).toBe(200);
      const analysis = analysed.body as { ats_score: number; contact: { email: string }; sections: { found: string[] } };
      expect(analysis.contact.email).toBe(student.email);
      expect(analysis.sections.found).toEqual(expect.arrayContaining(['education', 'skills', 'projects']));
      expect(analysis.ats_score).toBeGreaterThan(0);
    }
    const application = season.applications[0]!;
    const key = applicationResumeKey(season, applicationIdOf(season.students[application.student]!.userId, season.jobs[application.job]!.jobId));
    expect((await files.get(key))?.contentType).toBe('application/pdf');
  }, 120_000);
});
