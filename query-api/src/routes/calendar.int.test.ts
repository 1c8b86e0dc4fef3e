import { calendarFeedsProjection } from '../../../projectors/src/projections/calendar-feeds';
import { applicationsProjection } from '../../../projectors/src/projections/applications';
import { jobsProjection } from '../../../projectors/src/projections/jobs';
import { trainingsProjection } from '../../../projectors/src/projections/trainings';
import { usersProjection } from '../../../projectors/src/projections/users';
import { openPortal } from '../test-support';
import { JobsPortal, type Caller } from '../jobs/test-fixtures';

const anyone: Record<Caller, number> = { visitor: 200, student: 200, 'another student': 200, staff: 200, admin: 200, 'suspended student': 403 };
const studentOnly: Record<Caller, number> = { visitor: 401, student: 200, 'another student': 200, staff: 403, admin: 403, 'suspended student': 403 };

/** Jobs, applications, users, trainings and calendar feeds following the log. */
class FeedPortal extends JobsPortal {
  static async startWithFeeds(): Promise<FeedPortal> {
    return new FeedPortal(await openPortal([jobsProjection, applicationsProjection, usersProjection, trainingsProjection, calendarFeedsProjection]));
  }
}

const tokenIn = (url: unknown): string => /\/api\/calendar\/([\w-]{43})\.ics$/.exec(String(url))![1]!;
const feedPath = (token: string) => `/api/calendar/${token}.ics`;
const TRAINING_AT = new Date(Date.now() + 5 * 86_400_000).toISOString();

describe('calendar feed queries against the real command-api, projections and query-api', () => {
  let portal: FeedPortal;
  let application: string;
  let othersApplication: string;
  let trainingId: string;
  let token: string;

  beforeAll(async () => {
    portal = await FeedPortal.startWithFeeds();
    const admin = portal.user('admin').token;
    const job = await portal.postJob({ profiles: 'Graduate Engineer', companyName: 'Acme, Inc.' });
    application = await portal.apply(portal.user('student'), job);
    othersApplication = await portal.apply(portal.user('another student'), job);
    await portal.write('POST', '/api/applications/bulk/status', {
      token: admin,
      body: { ids: [application, othersApplication], status: 'Scheduled', interview: { startsAt: '2031-03-18T10:30:00+05:30', durationMinutes: 30, location: 'Room 101; Block A' } },
    });
    const training = await portal.write('POST', '/api/trainings', {
      token: portal.user('staff').token,
      body: { title: 'Mock interviews', description: 'Practice rounds', date: TRAINING_AT, duration: '90 min', mode: 'Online', registrationLink: 'https://forms.example/mock' },
    });
    trainingId = (training.training as { _id: string })._id;
    token = tokenIn((await portal.write('POST', '/api/calendar-feed', { token: portal.user('student').token })).url);
  }, 90_000);
  afterAll(() => portal.stop());

  it("serves the student's interviews and the trainings as text/calendar, without a login", async () => {
    const reply = await portal.read(feedPath(token), 'visitor');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = reply.bytes.toString('utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text).toContain(`UID:interview-${application}@placement-portal\r\n`);
    expect(text).toContain('DTSTART:20310318T050000Z\r\nDTEND:20310318T053000Z\r\n');
    expect(text).toContain('SUMMARY:Interview: Graduate Engineer at Acme\\, Inc.\r\n');
    expect(text).toContain('LOCATION:Room 101\\; Block A\r\n');
    expect(text).toContain(`UID:training-${trainingId}@placement-portal\r\n`);
    expect(text).toContain('SUMMARY:Training: Mock interviews\r\n');
    // The other student's interview (the next slot) is theirs alone.
    expect(text).not.toContain(othersApplication);
    // The token is the credential: a signed-in caller reads the same feed (a suspended account's token is refused as everywhere).
    expect(await portal.statusesFor(feedPath(token))).toEqual(anyone);
  });

  it('shows the slot in My Applications and in the review table', async () => {
    const slot = { startsAt: '2031-03-18T05:00:00.000Z', durationMinutes: 30, location: 'Room 101; Block A', scheduledAt: expect.stringMatching(/^\d{4}-/) };
    const mine = (await portal.read('/api/applications/my-applications', 'student')).body as { _id: string; interview: unknown }[];
    expect(mine.find((row) => row._id === application)).toMatchObject({ status: 'Scheduled', interview: slot });
    const reviewed = (await portal.read(`/api/applications?status=Scheduled`)).body as { _id: string; interview: unknown }[];
    expect(reviewed.find((row) => row._id === othersApplication)).toMatchObject({ interview: { ...slot, startsAt: '2031-03-18T05:30:00.000Z' } });
  });

  it('tells the student whether a feed is active; the status is for students only', async () => {
    expect((await portal.read('/api/calendar-feed', 'student')).body).toEqual({ active: true, issuedAt: expect.stringMatching(/^\d{4}-/) });
    expect((await portal.read('/api/calendar-feed', 'another student')).body).toEqual({ active: false, issuedAt: null });
    expect(await portal.statusesFor('/api/calendar-feed')).toEqual(studentOnly);
  });

  it('answers 404 for a token that is not a feed, whoever asks', async () => {
    const unknown = 'x'.repeat(43);
    const reply = await portal.read(feedPath(unknown), 'visitor');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ message: 'Calendar feed not found' });
    expect((await portal.read('/api/calendar/short.ics', 'visitor')).status).toBe(404);
  });

  it('answers 404 once the feed is revoked, and serves a re-created feed at its new URL only', async () => {
    const student = portal.user('another student').token;
    const first = tokenIn((await portal.write('POST', '/api/calendar-feed', { token: student })).url);
    expect((await portal.read(feedPath(first), 'visitor')).status).toBe(200);
    await portal.write('DELETE', '/api/calendar-feed', { token: student });
    expect((await portal.read(feedPath(first), 'visitor')).status).toBe(404);
    expect((await portal.read('/api/calendar-feed', 'another student')).body).toEqual({ active: false, issuedAt: null });

    const second = tokenIn((await portal.write('POST', '/api/calendar-feed', { token: student })).url);
    const reply = await portal.read(feedPath(second), 'visitor');
    expect(reply.status).toBe(200);
    expect(reply.bytes.toString('utf8')).toContain(`UID:interview-${othersApplication}@placement-portal\r\n`);
    expect(reply.bytes.toString('utf8')).toContain('DTSTART:20310318T053000Z\r\n');
    expect((await portal.read(feedPath(first), 'visitor')).status).toBe(404);
  });

  // Last: it spends this address's allowance of unknown tokens (60 per 15 minutes; the tests above used some).
  it('refuses an address that keeps asking for unknown feeds', async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof portal.query.get>> | undefined;
    for (let n = 0; n <= 60 && !refused; n += 1) {
      const reply = await portal.query.get(feedPath(`guess${String(n).padStart(38, '0')}`));
      if (reply.status === 429) refused = reply;
      else statuses.push(reply.status);
    }
    expect(new Set(statuses)).toEqual(new Set([404]));
    expect(refused?.body).toMatchObject({ message: 'Too many unknown calendar feeds from this address. Please try again later.' });
  });
});
