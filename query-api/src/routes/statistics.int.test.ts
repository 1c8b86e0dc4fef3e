import { randomUUID } from 'node:crypto';
import { placementHeadlineSchema, placementStatisticsSchema, STATISTICS_MESSAGES, STATISTICS_PAGE_SPAN, studentProfileSchema, userStreamId, type StudentProfile } from '@placement/domain';
import { CHECKPOINT_COLLECTION, collectionOf, STATISTICS_COLLECTIONS, type NewEvent } from '@placement/platform';
import { statisticsProjection } from '../../../projectors/src/projections/statistics';
import { rebuildProjections } from '../../../projectors/src/rebuild';
import { Portal, type Caller } from '../test-support';
import { StatisticsFactsReader } from './statistics';

const anyone: Record<Caller, number> = { visitor: 200, student: 200, 'another student': 200, staff: 200, admin: 200, 'suspended student': 403 };
const adminOnly: Record<Caller, number> = { visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 };

const profileOf = (degree: string, passingYear: string, school: StudentProfile['school']): StudentProfile => ({
  ...studentProfileSchema.parse({
    mobileNo: '9876543210',
    whatsappNo: '9876543211',
    fatherName: 'Ramesh Rao',
    fatherNumber: '9876543212',
    school,
    existingBacklogs: 0,
    areaOfInterest: 'Data engineering',
    skills: [{ id: '1', name: 'SQL' }],
    education: {
      tenth: { percentage: 91, passingYear: '2017' },
      twelfth: { percentage: 88, passingYear: '2019' },
      graduation: { degree, percentageOrCGPA: '8.1', passingYear },
    },
  }),
  resumeKey: null,
  profilePhotoKey: null,
});

describe('placement statistics as of a day, from the dated facts of the statistics projection', () => {
  let portal: Portal;
  const id = (name: string) => `${name}-${suffix}`;
  const suffix = randomUUID().slice(0, 8);

  /** Appends one event straight to the log at `occurredAt` (the offer commands belong to another part of the season). */
  async function append(streamId: string, type: string, data: object, occurredAt: string): Promise<void> {
    const event: NewEvent = {
      eventId: randomUUID(),
      type,
      schemaVersion: 1,
      data,
      metadata: { actorId: null, actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt },
    };
    const { position } = await portal.query.store.append(streamId, [event], 'any');
    portal.sawPosition(position);
  }

  const saveProfile = (studentId: string, profile: StudentProfile, day: string) =>
    append(userStreamId(studentId), 'StudentProfileUpdated', { userId: studentId, profile, before: {}, after: profile }, `${day}T08:00:00.000Z`);
  const offer = { jobId: 'job-1', companyName: 'Acme Analytics', tier: 'Regular' };

  beforeAll(async () => {
    portal = await Portal.start([statisticsProjection]);
    await saveProfile(id('asha'), profileOf('B.Tech', '2026', 'SOET'), '2026-03-01');
    await saveProfile(id('bala'), profileOf('B.Tech', '2026', 'SOET'), '2026-03-01');
    await saveProfile(id('chitra'), profileOf('MBA', '2025', 'SOMC'), '2026-03-01');
    await saveProfile(id('dev'), profileOf('MBA', '2025', 'SOMC'), '2026-03-01');
    await append(`application-${id('app-1')}`, 'ApplicationSubmitted', { applicationId: id('app-1'), jobId: 'job-1', studentId: id('asha'), fullName: 'Asha', email: 'a@u.edu', phone: '9000000000', resumeKey: 'r', status: 'Applied', appliedAt: '2026-03-02T10:00:00.000Z' }, '2026-03-02T10:00:00.000Z');
    await append(`application-${id('app-2')}`, 'ApplicationSubmitted', { applicationId: id('app-2'), jobId: 'job-2', studentId: id('chitra'), fullName: 'Chitra', email: 'c@u.edu', phone: '9000000000', resumeKey: 'r', status: 'Applied', appliedAt: '2026-03-03T10:00:00.000Z' }, '2026-03-03T10:00:00.000Z');
    await append(`application-${id('app-1')}`, 'OfferExtended', { applicationId: id('app-1'), studentId: id('asha'), jobTitle: 'Analyst', ctc: 900_000, extendedAt: '2026-03-09T10:00:00.000Z', ...offer }, '2026-03-09T10:00:00.000Z');
    await append(`application-${id('app-2')}`, 'OfferExtended', { applicationId: id('app-2'), studentId: id('chitra'), jobTitle: 'Associate', ctc: 1_500_000, extendedAt: '2026-03-09T11:00:00.000Z', ...offer, jobId: 'job-2', companyName: 'Beta Bank' }, '2026-03-09T11:00:00.000Z');
    await append(`placement-${id('asha')}`, 'OfferAccepted', { applicationId: id('app-1'), studentId: id('asha'), ctc: 900_000, acceptedAt: '2026-03-10T10:00:00.000Z', ...offer }, '2026-03-10T10:00:00.000Z');
    await append(`placement-${id('chitra')}`, 'OfferAccepted', { applicationId: id('app-2'), studentId: id('chitra'), ctc: 1_500_000, acceptedAt: '2026-03-11T10:00:00.000Z', ...offer, jobId: 'job-2', companyName: 'Beta Bank' }, '2026-03-11T10:00:00.000Z');
    await append(`application-${id('app-2')}`, 'OfferWithdrawn', { applicationId: id('app-2'), jobId: 'job-2', studentId: id('chitra'), withdrawnAt: '2026-03-13T10:00:00.000Z' }, '2026-03-13T10:00:00.000Z');
    await append(`placement-${id('chitra')}`, 'OfferWithdrawn', { applicationId: id('app-2'), jobId: 'job-2', studentId: id('chitra'), withdrawnAt: '2026-03-13T10:00:00.000Z' }, '2026-03-13T10:00:00.000Z');
  }, 60_000);
  afterAll(() => portal.stop());

  it('lets admins read the statistics, and anyone the headline', async () => {
    expect(await portal.statusesFor('/api/admin/statistics')).toEqual(adminOnly);
    expect(await portal.statusesFor('/api/admin/statistics?asOf=2026-03-10')).toEqual(adminOnly);
    expect(await portal.statusesFor('/api/statistics/headline')).toEqual(anyone);
  });

  it('answers the figures as they stood at the end of the day asked, not later ones', async () => {
    const before = placementStatisticsSchema.parse((await portal.read('/api/admin/statistics?asOf=2026-03-09', 'admin')).body);
    expect(before).toMatchObject({ asOf: '2026-03-09', students: 4, placedStudents: 0, placementRate: 0, offers: 2, acceptedOffers: 0 });

    const acceptedDay = placementStatisticsSchema.parse((await portal.read('/api/admin/statistics?asOf=2026-03-10')).body);
    expect(acceptedDay).toMatchObject({ placedStudents: 1, placementRate: 25 });
    expect(acceptedDay.byDegree).toEqual([
      { key: 'B.Tech', students: 2, placed: 1, rate: 50 },
      { key: 'MBA', students: 2, placed: 0, rate: 0 },
    ]);

    const bothPlaced = placementStatisticsSchema.parse((await portal.read('/api/admin/statistics?asOf=2026-03-12')).body);
    expect(bothPlaced).toMatchObject({ placedStudents: 2, placementRate: 50, companies: 2, ctc: { offers: 2, highest: 1_500_000, median: 1_200_000, average: 1_200_000 } });
    expect(bothPlaced.bySchool.map((row) => [row.key, row.placed])).toEqual([
      ['SOET', 1],
      ['SOMC', 1],
    ]);

    const season = placementStatisticsSchema.parse((await portal.read('/api/admin/statistics')).body);
    expect(season).toMatchObject({ asOf: null, placedStudents: 1, placementRate: 25, offers: 1, offersByCompany: [{ companyName: 'Acme Analytics', offers: 1, accepted: 1 }] });
    expect(season.weekly).toEqual([
      { weekStart: '2026-03-02', applications: 2, offers: 0, accepted: 0 },
      { weekStart: '2026-03-09', applications: 0, offers: 2, accepted: 2 },
    ]);
  });

  it("publishes the season's headline figures", async () => {
    const headline = placementHeadlineSchema.parse((await portal.read('/api/statistics/headline', 'visitor')).body);
    expect(headline).toEqual({ asOf: null, placedStudents: 1, placementRate: 25, highestCtc: 900_000, medianCtc: 900_000, companies: 1 });
  });

  it('refuses a day that is not a calendar day', async () => {
    const reply = await portal.read('/api/admin/statistics?asOf=2026-02-30');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: STATISTICS_MESSAGES.asOf });
  });
});

describe('placement statistics follow the log: later facts, backdated ones and a rebuild', () => {
  let portal: Portal;
  const suffix = randomUUID().slice(0, 8);
  const id = (name: string) => `${name}-${suffix}`;

  const newEvent = (type: string, data: object, occurredAt: string): NewEvent => ({
    eventId: randomUUID(),
    type,
    schemaVersion: 1,
    data,
    metadata: { actorId: null, actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt },
  });
  async function append(streamId: string, events: NewEvent[]): Promise<void> {
    const { position } = await portal.query.store.append(streamId, events, 'any');
    portal.sawPosition(position);
  }
  const extend = (application: string, companyName: string, ctc: number, at: string) =>
    append(`application-${id(application)}`, [
      newEvent('OfferExtended', { applicationId: id(application), jobId: 'job-1', studentId: id('asha'), jobTitle: 'Analyst', companyName, tier: 'Regular', ctc, extendedAt: at }, at),
    ]);
  const figures = async (asOf?: string) => placementStatisticsSchema.parse((await portal.read(`/api/admin/statistics${asOf ? `?asOf=${asOf}` : ''}`)).body);

  beforeAll(async () => {
    portal = await Portal.start([statisticsProjection]);
  }, 60_000);
  afterAll(() => portal.stop());

  it('shows a fact appended after a read, and one dated before the days already read, on its own day', async () => {
    await append(`application-${id('app-1')}`, [
      newEvent('ApplicationSubmitted', { applicationId: id('app-1'), jobId: 'job-1', studentId: id('asha'), fullName: 'Asha', email: 'a@u.edu', phone: '9000000000', resumeKey: 'r', status: 'Applied', appliedAt: '2026-04-01T10:00:00.000Z' }, '2026-04-01T10:00:00.000Z'),
    ]);
    await extend('app-1', 'Acme Analytics', 900_000, '2026-04-09T10:00:00.000Z');
    expect(await figures('2026-04-09')).toMatchObject({ offers: 1, companies: 1, ctc: { highest: 900_000 } });
    expect(await figures()).toMatchObject({ offers: 1 });

    // More than a page of other events in between: the facts held are moved along page by page.
    await append(
      `noise-${suffix}`,
      Array.from({ length: 2 * STATISTICS_PAGE_SPAN }, () => newEvent('NothingStatisticsCount', {}, '2026-04-10T10:00:00.000Z')),
    );
    await extend('app-2', 'Beta Bank', 1_500_000, '2026-04-03T10:00:00.000Z');
    expect(await figures('2026-04-02')).toMatchObject({ offers: 0, weekly: [{ weekStart: '2026-03-30', applications: 1, offers: 0, accepted: 0 }] });
    expect(await figures('2026-04-03')).toMatchObject({ offers: 1, ctc: { highest: 1_500_000 }, offersByCompany: [{ companyName: 'Beta Bank', offers: 1, accepted: 0 }] });
    expect(await figures('2026-04-09')).toMatchObject({ offers: 2, ctc: { highest: 1_500_000, median: 1_200_000 } });
    const headline = placementHeadlineSchema.parse((await portal.read('/api/statistics/headline', 'visitor')).body);
    expect(headline).toMatchObject({ highestCtc: 1_500_000, medianCtc: 1_200_000, companies: 2 });
  }, 60_000);

  it('answers the same from a rebuilt generation, and follows it on', async () => {
    const before = await figures('2026-04-09');
    await rebuildProjections([statisticsProjection], portal.query.store, portal.query.db, undefined, { graceMs: -1 });
    expect(await figures('2026-04-09')).toEqual(before);
    await extend('app-3', 'Gamma Labs', 600_000, '2026-04-08T10:00:00.000Z');
    expect(await figures('2026-04-09')).toMatchObject({ offers: 3, companies: 3, ctc: { highest: 1_500_000, median: 900_000 } });
    expect(await figures('2026-04-07')).toMatchObject({ offers: 1 });
  }, 60_000);

  it('tells when the pages lack events from before they were filed (a read model built before them), which the dated facts then answer', async () => {
    const db = portal.query.db;
    expect((await new StatisticsFactsReader(db).facts()).complete).toBe(true);
    const checkpoint = await db.collection<{ _id: string; generation: number }>(CHECKPOINT_COLLECTION).findOne({ _id: 'statistics' });
    const pages = db.collection<{ _id: string; applications?: Record<string, number> }>(collectionOf(STATISTICS_COLLECTIONS.pages, checkpoint?.generation ?? 0));
    // As if the application had been applied before the projector filed pages.
    await pages.updateMany({ 'applications.2026-04-01': { $exists: true } }, { $unset: { 'applications.2026-04-01': '' } });
    const held = await new StatisticsFactsReader(db).facts();
    expect(held.complete).toBe(false);
  });
});

