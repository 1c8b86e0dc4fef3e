import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTORS, USER_EVENT_VERSIONS, userDecider, userStreamId } from '@placement/domain';
import { runCommand, type EventStore, type RecordedEvent } from '@placement/platform';
import { aJobForm, formOf, SAMPLE_FILES } from '../../../command-api/src/test-support';
import { Portal, type Caller } from '../test-support';
import { AUDIT_SCAN_LIMIT, scanLog } from './audit';

const onlyAdmin: Record<Caller, number> = { visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 };

interface Entry {
  position: number;
  revision: number;
  type: string;
  occurredAt: string;
  actor: { id: string | null; role: string | null; name?: string };
  changes: { field: string; before: unknown; after: unknown }[] | null;
  data: Record<string, unknown>;
  streamId?: string;
}
interface Timeline {
  streamId: string;
  events: Entry[];
}
interface LogPage {
  events: (Entry & { streamId: string })[];
  nextAfter: number | null;
}

describe('audit history straight from the real event store', () => {
  let portal: Portal;
  let jobId: string;
  let applicationId: string;
  let userId: string;
  const tag = randomUUID().slice(0, 8);

  const admin = () => portal.user('admin');
  const timeline = async (path: string, caller: Caller = 'admin') => {
    const reply = await portal.read(path, caller);
    expect(reply.status).toBe(200);
    return reply.body as Timeline;
  };
  const logPage = async (query: string) => {
    const reply = await portal.read(`/api/audit?${query}`);
    expect(reply.status).toBe(200);
    return reply.body as LogPage;
  };

  beforeAll(async () => {
    portal = await Portal.start([]);
    const token = admin().token;
    const posted = await portal.write('POST', '/api/jobs', { token, body: aJobForm() });
    jobId = (posted.data as { _id: string })._id;
    await portal.write('PUT', `/api/jobs/${jobId}`, { token, body: { ...aJobForm(), companyName: 'Acme Labs', location: 'Pune' } });
    await portal.write('PATCH', `/api/jobs/${jobId}/status`, { token, body: { status: 'rejected' } });
    await portal.write('PATCH', `/api/jobs/${jobId}/status`, { token, body: { status: 'approved' } });

    const applied = await portal.write('POST', '/api/applications', {
      token: portal.user('student').token,
      form: formOf({ jobId, fullName: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' }, [['resume', SAMPLE_FILES.pdf, 'cv.pdf']]),
    });
    applicationId = applied.applicationId as string;
    await portal.write('PUT', `/api/applications/${applicationId}`, { token, body: { status: 'Under Review' } });

    await portal.write('POST', '/api/auth/register', { body: { fullName: 'Reg Student', email: `reg.${tag}@university.edu`, password: 'correct horse', rollNo: 'ME-1' } });
    const created = await portal.write('POST', '/api/admin/users', { token, body: { fullName: 'Nina Shah', email: `nina.${tag}@university.edu`, password: 'correct horse', rollNo: 'CS-9' } });
    userId = (created.user as { _id: string })._id;
    await portal.write('PUT', `/api/admin/users/${userId}`, { token, body: { fullName: 'Nina S. Shah', email: `nina.${tag}@university.edu`, mobileNo: '9000000009', role: 'student', status: 'active', rollNo: 'CS-9' } });
    await portal.write('PUT', `/api/admin/users/${userId}/role`, { token, body: { role: 'staff' } });
  }, 60_000);
  afterAll(() => portal.stop());

  describe('who may read what', () => {
    it('a job or user history: admins only', async () => {
      expect(await portal.statusesFor(`/api/audit/jobs/${jobId}`)).toEqual(onlyAdmin);
      expect(await portal.statusesFor(`/api/audit/users/${userId}`)).toEqual(onlyAdmin);
      expect(await portal.statusesFor('/api/audit')).toEqual(onlyAdmin);
    });

    it("an application's history: admins, and the student who submitted it", async () => {
      expect(await portal.statusesFor(`/api/audit/applications/${applicationId}`)).toEqual({ ...onlyAdmin, student: 200 });
    });

    it('answers 404 to an admin for a record without history, 403 to a student whatever the id', async () => {
      const missing = randomUUID();
      expect((await portal.read(`/api/audit/jobs/${missing}`)).body).toMatchObject({ status: 404, message: 'No history found for this record' });
      expect((await portal.read(`/api/audit/applications/${missing}`)).status).toBe(404);
      expect((await portal.read(`/api/audit/applications/${missing}`, 'student')).status).toBe(403);
    });
  });

  it("shows a job's timeline oldest first: who, with role and name, when, and the before and after of changed fields", async () => {
    const { streamId, events } = await timeline(`/api/audit/jobs/${jobId}`);
    expect(streamId).toBe(`job-${jobId}`);
    expect(events.map((event) => event.type)).toEqual(['JobPosted', 'JobEdited', 'JobRejected', 'JobApproved']);
    expect(events.map((event) => event.revision)).toEqual([0, 1, 2, 3]);
    expect(events.map((event) => event.position)).toEqual([...events.map((event) => event.position)].sort((a, b) => a - b));
    expect(events[0]).toMatchObject({ actor: { id: admin().id, role: 'admin', name: 'Test admin' }, changes: null, data: { jobId, companyName: 'Acme Analytics' } });
    expect(Date.parse(events[0]!.occurredAt)).not.toBeNaN();
    expect(events[1]!.changes).toEqual([
      { field: 'companyName', before: 'Acme Analytics', after: 'Acme Labs' },
      { field: 'location', before: 'Bengaluru', after: 'Pune' },
    ]);
    expect(events[2]!.changes).toEqual([{ field: 'status', before: 'approved', after: 'rejected' }]);
    expect(events[3]!.changes).toEqual([{ field: 'status', before: 'rejected', after: 'approved' }]);
  });

  it("shows an application's timeline to its student", async () => {
    const { events } = await timeline(`/api/audit/applications/${applicationId}`, 'student');
    expect(events.map((event) => event.type)).toEqual(['ApplicationSubmitted', 'ApplicationStatusChanged']);
    expect(events[0]!.actor).toEqual({ id: portal.user('student').id, role: 'student', name: 'Test student' });
    expect(events[1]!.changes).toEqual([{ field: 'status', before: 'Applied', after: 'Under Review' }]);
  });

  it("names the admin who acted on a student's application by name and role, never by id", async () => {
    const asStudent = await timeline(`/api/audit/applications/${applicationId}`, 'student');
    expect(asStudent.events[1]!.actor).toEqual({ id: null, role: 'admin', name: 'Test admin' });
    expect(JSON.stringify(asStudent)).not.toContain(admin().id);
    const asAdmin = await timeline(`/api/audit/applications/${applicationId}`);
    expect(asAdmin.events[1]!.actor).toEqual({ id: admin().id, role: 'admin', name: 'Test admin' });
  });

  it('names the portal\'s own actors (the command line) by the name they carry, with no id', async () => {
    const madeId = randomUUID();
    await runCommand(portal.command.deps.store, {
      streamId: userStreamId(madeId),
      decider: userDecider,
      versions: USER_EVENT_VERSIONS,
      command: { type: 'CreateUserByAdmin', userId: madeId, fullName: 'Made At The Console', email: `console.${tag}@university.edu`, mobileNo: null, rollNo: null, passwordHash: 'h', role: 'admin', status: 'active' },
      context: { now: new Date(), actor: SYSTEM_ACTORS.commandLine },
      causation: { correlationId: `audit-${tag}`, causationId: null },
    });
    const { events } = await timeline(`/api/audit/users/${madeId}`);
    expect(events.map((event) => event.actor)).toEqual([{ id: null, role: 'system', name: 'command line (npm run admin)' }]);
  });

  it("shows an account's timeline without secrets", async () => {
    const { events } = await timeline(`/api/audit/users/${userId}`);
    expect(events.map((event) => event.type)).toEqual(['UserCreatedByAdmin', 'UserDetailsChanged', 'UserRoleChanged']);
    expect(events[1]!.changes).toEqual([
      { field: 'fullName', before: 'Nina Shah', after: 'Nina S. Shah' },
      { field: 'mobileNo', before: null, after: '9000000009' },
    ]);
    expect(events[2]!.changes).toEqual([{ field: 'role', before: 'student', after: 'staff' }]);
    expect(JSON.stringify(events)).not.toMatch(/passwordHash|tokenHash|argon2|correct horse/);
  });

  it('pages through the whole log with filters by type, actor and time', async () => {
    const all: LogPage['events'] = [];
    let after = 0;
    for (let page = 0; page < 50; page++) {
      const { events, nextAfter } = await logPage(`after=${after}&limit=4`);
      all.push(...events);
      if (nextAfter === null) break;
      expect(events).toHaveLength(4);
      after = nextAfter;
    }
    expect(all.map((event) => event.position)).toEqual([...new Set(all.map((event) => event.position))].sort((a, b) => a - b));
    expect(all.map((event) => event.type)).toEqual(expect.arrayContaining(['JobPosted', 'ApplicationSubmitted', 'UserRegistered', 'VerificationTokenIssued', 'UserRoleChanged']));
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|tokenHash/);

    const roleChanges = await logPage('type=UserRoleChanged');
    expect(roleChanges).toEqual({ events: [expect.objectContaining({ streamId: `user-${userId}`, type: 'UserRoleChanged' })], nextAfter: null });
    const jobMoves = await logPage('type=JobApproved,JobRejected');
    expect(jobMoves.events.map((event) => event.type)).toEqual(['JobRejected', 'JobApproved']);
    const byStudent = await logPage(`actor=${portal.user('student').id}`);
    expect(byStudent.events.map((event) => event.type)).toEqual(['ApplicationSubmitted']);
    const first = all[0]!;
    const last = all.at(-1)!;
    expect((await logPage(`to=${encodeURIComponent(first.occurredAt)}`)).events.every((event) => event.occurredAt <= first.occurredAt)).toBe(true);
    expect((await logPage(`from=${encodeURIComponent(last.occurredAt)}`)).events.map((event) => event.position)).toContain(last.position);
    expect((await logPage('from=2999-01-01')).events).toEqual([]);
  });

  it('refuses bad filters', async () => {
    for (const query of ['from=yesterday', 'limit=0', 'limit=1000', 'after=-1']) {
      expect([query, (await portal.read(`/api/audit?${query}`)).status]).toEqual([query, 400]);
    }
  });
});

describe('audit log scan', () => {
  /** A log of `count` events of one type, read the way the store reads it. */
  const logOf = (count: number): Pick<EventStore, 'readAll'> => ({
    readAll: ({ fromPosition = 0, maxCount = Infinity } = {}) =>
      Promise.resolve(
        Array.from({ length: Math.max(0, Math.min(maxCount, count - fromPosition)) }, (_, index): RecordedEvent => {
          const position = fromPosition + index + 1;
          return {
            eventId: `e${position}`,
            type: 'JobPosted',
            schemaVersion: 1,
            data: {},
            metadata: { actorId: null, actorRole: 'system', correlationId: 'c', causationId: null, occurredAt: '2025-01-01T00:00:00.000Z' },
            streamId: `job-${position}`,
            revision: 0,
            position,
          };
        }),
      ),
  });
  const scan = (store: Pick<EventStore, 'readAll'>, after: number, type?: string[]) =>
    scanLog(store as EventStore, { after, limit: 50, type, actor: undefined, from: undefined, to: undefined });

  it('reads a bounded number of events per request and says where to continue', async () => {
    const store = logOf(AUDIT_SCAN_LIMIT * 2 + 10);
    expect(await scan(store, 0, ['UserDeleted'])).toEqual({ events: [], nextAfter: AUDIT_SCAN_LIMIT });
    expect(await scan(store, AUDIT_SCAN_LIMIT, ['UserDeleted'])).toEqual({ events: [], nextAfter: AUDIT_SCAN_LIMIT * 2 });
    expect(await scan(store, AUDIT_SCAN_LIMIT * 2, ['UserDeleted'])).toEqual({ events: [], nextAfter: null });
  });

  it('stops at a full page', async () => {
    const { events, nextAfter } = await scan(logOf(120), 0);
    expect(events.map((event) => event.position)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(nextAfter).toBe(50);
    expect((await scan(logOf(100), 50)).nextAfter).toBe(100);
    expect(await scan(logOf(100), 100)).toEqual({ events: [], nextAfter: null });
  });
});
