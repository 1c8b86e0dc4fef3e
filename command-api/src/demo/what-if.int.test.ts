import { randomUUID } from 'node:crypto';
import { PLACEMENT_MESSAGES, type WhatIfChange } from '@placement/domain';
import { commonPasswords, createLogger, isolatedPostgresStore, loadEnv, ObjectStore, type EventStore } from '@placement/platform';
import { applicationIdOf } from '../applications/requests';
import { signedInUser, startCommandApi, type CommandApiUnderTest } from '../test-support';
import { loadDemo, type DemoReport } from './load';
import { answeredAt, seasonOffers } from './offers';
import { applicationResumeKey, profileResumeKey } from './plans';

/**
 * What-if against a known season: the demo season (with its offers: each student accepts their first and
 * declines the rest) loaded into an event store of its own, then replayed by the command side under
 * proposed policies. The expected changes are worked out here from the season's own plan.
 */
describe('what-if on the demo season', () => {
  const seed = `what-if-${randomUUID()}`;
  const size = { students: 30, jobs: 10, applications: 220 };
  let store: EventStore;
  let dispose: () => Promise<void>;
  let files: ObjectStore;
  let api: CommandApiUnderTest;
  let demo: DemoReport;
  let admin: string;

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(loadEnv().POSTGRES_URL));
    files = new ObjectStore(loadEnv());
    // A cheap hasher: the demo's accounts need a hash, not a slow one.
    const passwords = { hash: async (password: string) => `plain:${password}`, matches: async (hash: string, password: string) => hash === `plain:${password}` };
    demo = await loadDemo({ store, files, logger: createLogger('what-if-test', 'silent'), commonPasswords: await commonPasswords(), passwords }, { seed, size });
    api = await startCommandApi({}, { store });
    admin = (await signedInUser(api, 'admin')).token;
  }, 180_000);

  afterAll(async () => {
    const { season } = demo;
    const keys = [
      ...season.students.map((student) => profileResumeKey(season, student)),
      ...season.applications.map((application) => applicationResumeKey(season, applicationIdOf(season.students[application.student]!.userId, season.jobs[application.job]!.jobId))),
    ];
    await Promise.allSettled(keys.map((key) => files.delete(key)));
    await api?.stop();
    files?.close();
    await dispose();
  }, 60_000);

  const whatIf = async (policy: unknown) => {
    const reply = await api.request('POST', '/api/placement-policy/what-if', { token: admin, body: policy });
    expect(reply.status).toBe(200);
    return reply.body as { changes: WhatIfChange[]; students: Array<{ studentId: string }>; applicationsRefused: number; acceptancesRefused: number };
  };

  it('loads each offer and each answer: OfferExtended per Accepted application, one acceptance per student, the rest declined', async () => {
    const log = await store.readAll();
    const offers = seasonOffers(demo.season);
    const students = new Set(offers.map((offer) => offer.offer.studentId));
    // How many students get a second offer depends on the day the season is laid out from (its \`now\`).
    expect(offers.length).toBeGreaterThanOrEqual(students.size);
    expect(students.size).toBeGreaterThan(0);
    expect(log.filter((event) => event.type === 'OfferExtended')).toHaveLength(offers.length);
    expect(log.filter((event) => event.type === 'OfferAccepted')).toHaveLength(students.size);
    expect(log.filter((event) => event.type === 'OfferDeclined')).toHaveLength(offers.length - students.size);
  });

  it('under one offer per student refuses exactly the applications made after the student accepted, and no acceptance', async () => {
    const { season } = demo;
    const acceptedAt = new Map<string, number>();
    for (const { offer } of seasonOffers(season)) if (!acceptedAt.has(offer.studentId)) acceptedAt.set(offer.studentId, answeredAt(season, offer).getTime());
    const expected = season.applications
      .map((application) => ({ application, studentId: season.students[application.student]!.userId, jobId: season.jobs[application.job]!.jobId }))
      .filter(({ application, studentId }) => acceptedAt.has(studentId) && application.submittedAt.getTime() > acceptedAt.get(studentId)!)
      .map(({ studentId, jobId }) => applicationIdOf(studentId, jobId))
      .sort();
    expect(expected.length).toBeGreaterThan(0);

    const result = await whatIf({ tiers: [{ name: 'Regular' }], maxAcceptedOffers: 1, openTiersAfterAcceptance: [] });
    expect(result.changes.map((change) => change.applicationId).sort()).toEqual(expected);
    expect(result.changes.every((change) => change.kind === 'application refused' && change.reason === PLACEMENT_MESSAGES.maxOffers(1))).toBe(true);
    expect(result.acceptancesRefused).toBe(0);
    expect(new Set(result.students.map((student) => student.studentId))).toEqual(new Set(result.changes.map((change) => change.studentId)));
  });

  it('changes nothing under a policy that leaves every tier open after an offer and allows two', async () => {
    const result = await whatIf({ tiers: [{ name: 'Regular' }], maxAcceptedOffers: 2, openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Regular'] }] });
    expect(result.changes).toEqual([]);
  });
});
