import { jobFormSchema, studentProfileSchema, type JobStatus } from '@placement/domain';
import { addressPlans, applicationPlans, campaignPlans, experiencePlans, jobPlans, studentPlans, templatePlans, trainingPlans } from './plans';
import { DEMO_SIZE, SEASON_DAYS, buildSeason, type Season } from './season';
import type { AnyStreamPlan } from './streams';

const now = new Date('2026-11-25T13:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe('the demo season', () => {
  let season: Season;
  beforeAll(() => {
    season = buildSeason({ seed: 'test', size: DEMO_SIZE, now });
  });

  it('is the same season for the same seed, size and time, and another for another seed', () => {
    expect(buildSeason({ seed: 'test', size: DEMO_SIZE, now })).toEqual(season);
    const other = buildSeason({ seed: 'other', size: DEMO_SIZE, now });
    expect(other.students[0]!.userId).not.toBe(season.students[0]!.userId);
  });

  it('keeps its ids when only the time moves, so a later load finds the same streams', () => {
    const later = buildSeason({ seed: 'test', size: DEMO_SIZE, now: new Date(now.getTime() + 3 * DAY) });
    expect(later.students.map((student) => student.userId)).toEqual(season.students.map((student) => student.userId));
    expect(later.jobs.map((job) => job.jobId)).toEqual(season.jobs.map((job) => job.jobId));
  });

  it('has the size asked for: 300 students, 60 jobs, 1,500 applications, one per student and job', () => {
    expect(season.students).toHaveLength(300);
    expect(season.jobs).toHaveLength(60);
    expect(season.applications).toHaveLength(1500);
    expect(new Set(season.applications.map((application) => `${application.student}:${application.job}`)).size).toBe(1500);
    expect(new Set(season.students.map((student) => student.email)).size).toBe(300);
    expect(new Set(season.students.map((student) => student.rollNo)).size).toBe(300);
  });

  it('gives every student a complete profile the profile form would accept', () => {
    for (const student of season.students) {
      const parsed = studentProfileSchema.safeParse(student.profile);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(student.profile.skills.length).toBeGreaterThanOrEqual(4);
      expect(student.profile.education.tenth.percentage).toBeGreaterThan(0);
    }
    const schools = new Set(season.students.map((student) => student.profile.school));
    expect(schools.size).toBeGreaterThanOrEqual(4);
    expect(season.students.some((student) => student.profile.existingBacklogs > 0)).toBe(true);
  });

  it('has jobs in every state, offer type and many categories, each a valid job form', () => {
    for (const job of season.jobs) expect(jobFormSchema(now.getUTCFullYear()).safeParse(job.form).error?.issues ?? []).toEqual([]);
    const statuses = new Set(season.jobs.map((job) => job.status));
    expect([...statuses].sort()).toEqual(['approved', 'pending', 'rejected']);
    expect(new Set(season.jobs.flatMap((job) => job.form.offerType)).size).toBe(4);
    expect(new Set(season.jobs.flatMap((job) => job.form.category)).size).toBeGreaterThanOrEqual(10);
  });

  it('spreads its history over the ten weeks before now, in order', () => {
    const start = now.getTime() - SEASON_DAYS * DAY;
    const times = [
      ...season.students.flatMap((student) => [student.createdAt, student.profileAt]),
      ...season.jobs.flatMap((job) => [job.postedAt, ...(job.decidedAt ? [job.decidedAt] : [])]),
      ...season.applications.flatMap((application) => [application.submittedAt, ...application.changes.map((change) => change.at)]),
      ...season.trainings.map((training) => training.scheduledAt),
      ...season.experiences.flatMap((experience) => [experience.sharedAt, ...(experience.approvedAt ? [experience.approvedAt] : [])]),
      season.campaign.queuedAt,
      ...season.campaign.opens.map((open) => open.at),
    ].map((time) => time.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(start);
    expect(Math.max(...times)).toBeLessThan(now.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(8 * 7 * DAY);
    for (const application of season.applications) {
      const job = season.jobs[application.job]!;
      expect(job.status).toBe('approved');
      const steps = [application.submittedAt, ...application.changes.map((change) => change.at)].map((time) => time.getTime());
      expect(steps).toEqual([...steps].sort((a, b) => a - b));
    }
  });

  it('ends with applications in every status, and trainings both past and upcoming', () => {
    const finals = new Set(season.applications.map((application) => application.changes.at(-1)?.status ?? 'Applied'));
    expect([...finals].sort()).toEqual(['Accepted', 'Applied', 'Rejected', 'Scheduled', 'Under Review']);
    const dates = season.trainings.map((training) => Date.parse(String(training.training.date)));
    expect(dates.some((date) => date < now.getTime())).toBe(true);
    expect(dates.some((date) => date > now.getTime())).toBe(true);
  });

  it('has interview experiences, most approved, and a campaign opened after it was sent', () => {
    expect(season.experiences.length).toBeGreaterThanOrEqual(20);
    expect(season.experiences.filter((experience) => experience.approvedAt !== null).length).toBeGreaterThan(season.experiences.length / 2);
    const { recipients, sentAt, opens } = season.campaign;
    expect(recipients).toHaveLength(300);
    expect(opens.length).toBeGreaterThan(100);
    const sent = new Map(recipients.map((recipient, k) => [recipient.email, sentAt[k]!.getTime()]));
    for (const open of opens) expect(open.at.getTime()).toBeGreaterThan(sent.get(open.email)!);
  });

  it('is a history every decider accepts, command after command', () => {
    const statuses = new Map<string, JobStatus>(season.jobs.map((job) => [job.jobId, job.status]));
    const noResume = () => Promise.reject(new Error('not stored here'));
    const plans: AnyStreamPlan[] = [
      ...addressPlans(season),
      ...studentPlans(season, 'a-hash', noResume),
      ...jobPlans(season),
      ...applicationPlans(season, statuses, noResume),
      ...trainingPlans(season),
      ...experiencePlans(season),
      ...templatePlans(season),
      ...campaignPlans(season),
    ];
    let events = 0;
    for (const plan of plans) {
      let state = plan.decider.initialState;
      for (const step of plan.steps) {
        const decided = plan.decider.decide(step.command, state, { now: step.at, actor: step.actor });
        for (const event of decided) state = plan.decider.evolve(state, event);
        events += decided.length;
      }
    }
    expect(new Set(plans.map((plan) => plan.streamId)).size).toBe(plans.length);
    expect(events).toBeGreaterThan(5000);
  });

  it('works at a small size too', () => {
    const small = buildSeason({ seed: 'small', size: { students: 12, jobs: 5, applications: 30 }, now });
    expect(small.students).toHaveLength(12);
    expect(small.jobs).toHaveLength(5);
    expect(small.applications.length).toBeGreaterThan(20);
    expect(new Set(small.jobs.map((job) => job.status)).size).toBe(3);
  });
});
