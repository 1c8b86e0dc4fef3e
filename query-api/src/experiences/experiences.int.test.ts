import { experiencesProjection } from '../../../projectors/src/projections/experiences';
import { idsOf, Portal, type Caller } from '../test-support';

const anyone: Record<Caller, number> = { visitor: 200, student: 200, 'another student': 200, staff: 200, admin: 200, 'suspended student': 403 };
const staffAndAdmin: Record<Caller, number> = { visitor: 401, student: 403, 'another student': 403, staff: 200, admin: 200, 'suspended student': 403 };

const KEYS = ['_id', 'author', 'batch', 'companyName', 'course', 'difficulty', 'experienceRating', 'id', 'interviewLocation', 'offerStatus', 'postedDate', 'role', 'rounds', 'status', 'updatedAt'];

interface Experience {
  _id: string;
  companyName: string;
  role: string;
  author: string;
  postedDate: string;
}

describe('interview experience queries against the real command-api, projection and query-api', () => {
  let portal: Portal;
  /** Shared in this order, so also oldest first. */
  const ids: string[] = [];
  const named: Record<string, string> = {};

  /** Shared by staff, so listed at once (a visitor's waits for review: tested below). */
  const share = async (name: string, companyName: string, role: string, author: string) => {
    const reply = await portal.write('POST', '/api/interview-experiences', {
      token: portal.user('staff').token,
      body: { companyName, role, author, batch: '2024', course: 'B.Tech', interviewLocation: 'Campus', rounds: [{ name: 'Aptitude', description: 'Forty questions' }] },
    });
    named[name] = (reply.experience as { _id: string })._id;
    ids.push(named[name]);
  };
  const list = async (query = '') => {
    const reply = await portal.read(`/api/interview-experiences${query}`, 'visitor');
    expect(reply.status).toBe(200);
    return { items: reply.body as Experience[], total: Number(reply.headers.get('x-total-count')) };
  };
  const manage = async (query = '') => {
    const reply = await portal.read(`/api/interview-experiences/manage${query}`, 'staff');
    expect(reply.status).toBe(200);
    return reply.body as Experience[];
  };

  beforeAll(async () => {
    portal = await Portal.start([experiencesProjection]);
    await share('acmeAnalyst', 'Acme Analytics', 'Data Analyst', 'Asha Rao');
    await share('globex', 'Globex', 'SDE Intern', 'Bala Krishnan');
    await share('acmeEngineer', 'acme analytics', 'Data Engineer', 'Chitra');
    await share('initech', 'Initech', 'Analyst (Ops)', 'Dev');
    await share('zenith', 'Zenith Labs', 'Research Intern', 'Asha Rao');
    await share('beta', 'Beta Bank', 'Teller', 'Farah');
    await share('removed', 'Removed Co', 'Anything', 'Gone');
    await portal.write('DELETE', `/api/interview-experiences/${named.removed}`, { token: portal.user('staff').token });
    ids.pop();
  }, 60_000);
  afterAll(() => portal.stop());

  it('lets anyone list experiences, and staff and admins manage and count them', async () => {
    expect(await portal.statusesFor('/api/interview-experiences')).toEqual(anyone);
    expect(await portal.statusesFor('/api/interview-experiences/manage')).toEqual(staffAndAdmin);
    expect(await portal.statusesFor('/api/interview-experiences/stats')).toEqual(staffAndAdmin);
  });

  it('answers a bare array, newest first by default, every one when no page is asked for', async () => {
    const { items, total } = await list();
    expect(idsOf(items)).toEqual([...ids].reverse());
    expect(total).toBe(6);
    expect(Object.keys(items[0]!).sort()).toEqual(KEYS);
    expect(items.at(-1)).toMatchObject({ companyName: 'Acme Analytics', offerStatus: 'No Selected', experienceRating: 'Neutral', difficulty: 'Medium', rounds: [{ name: 'Aptitude', description: 'Forty questions' }] });
  });

  it('sorts by date either way and by company either way (newest first within a company)', async () => {
    expect(idsOf((await list('?sort=dateAsc')).items)).toEqual(ids);
    expect(idsOf((await list('?sort=companyAsc')).items)).toEqual([named.acmeEngineer, named.acmeAnalyst, named.beta, named.globex, named.initech, named.zenith]);
    expect(idsOf((await list('?sort=companyDesc')).items)).toEqual([named.zenith, named.initech, named.globex, named.beta, named.acmeEngineer, named.acmeAnalyst]);
    expect((await portal.read('/api/interview-experiences?sort=random')).status).toBe(400);
  });

  it('filters by company and by role, case-insensitive substrings, as plain text', async () => {
    expect(idsOf((await list('?company=ACME')).items)).toEqual([named.acmeEngineer, named.acmeAnalyst]);
    expect(idsOf((await list('?role=intern')).items)).toEqual([named.zenith, named.globex]);
    expect(idsOf((await list('?company=acme&role=engineer')).items)).toEqual([named.acmeEngineer]);
    expect(idsOf((await list(`?role=${encodeURIComponent('(ops)')}`)).items)).toEqual([named.initech]);
    expect((await list(`?company=${encodeURIComponent('.*')}`)).items).toEqual([]);
    expect((await list('?company=')).total).toBe(6);
  });

  it('pages by five when a page is asked for, with the number of all matches in X-Total-Count', async () => {
    const first = await list('?page=1');
    expect(idsOf(first.items)).toEqual([...ids].reverse().slice(0, 5));
    expect(first.total).toBe(6);
    const second = await list('?page=2');
    expect(idsOf(second.items)).toEqual([ids[0]]);
    expect(idsOf((await list('?page=2&limit=2&sort=dateAsc')).items)).toEqual(ids.slice(2, 4));
    expect((await list('?page=1&role=intern')).total).toBe(2);
  });

  it('searches the management list by company, role or author, newest first', async () => {
    expect(idsOf(await manage())).toEqual([...ids].reverse());
    expect(idsOf(await manage('?search=asha'))).toEqual([named.zenith, named.acmeAnalyst]);
    expect(idsOf(await manage('?search=TELLER'))).toEqual([named.beta]);
    expect(idsOf(await manage('?search=globex'))).toEqual([named.globex]);
  });

  it('pages the management list as its screen asks (page and limit), counting every match', async () => {
    const paged = async (query: string) => {
      const reply = await portal.read(`/api/interview-experiences/manage${query}`, 'staff');
      expect(reply.status).toBe(200);
      return { ids: idsOf(reply.body as Experience[]), total: Number(reply.headers.get('x-total-count')) };
    };
    const newestFirst = [...ids].reverse();
    expect(await paged('?page=1&limit=4')).toEqual({ ids: newestFirst.slice(0, 4), total: ids.length });
    expect(await paged('?page=2&limit=4')).toEqual({ ids: newestFirst.slice(4, 8), total: ids.length });
    expect(await paged('?search=asha&page=1&limit=1')).toEqual({ ids: [named.zenith], total: 2 });
    expect(await paged('?search=asha&page=3&limit=1')).toEqual({ ids: [], total: 2 });
  });

  it('shows an edit and counts the experiences', async () => {
    expect((await portal.read('/api/interview-experiences/stats', 'staff')).body).toEqual({ totalExperiences: 6 });
    await portal.write('PATCH', `/api/interview-experiences/${named.beta}`, {
      token: portal.user('admin').token,
      body: { companyName: 'Alpha Bank', role: 'Teller', author: 'Farah', batch: '2024', course: 'B.Tech', interviewLocation: 'Campus', offerStatus: 'Accepted', experienceRating: 'Amazing', difficulty: 'Easy', rounds: [{ name: 'HR', description: 'Chat' }] },
    });
    expect(idsOf((await list('?sort=companyAsc')).items)[0]).toBe(named.acmeEngineer);
    expect(idsOf((await list('?company=alpha')).items)).toEqual([named.beta]);
    expect((await list('?company=alpha')).items[0]).toMatchObject({ offerStatus: 'Accepted', rounds: [{ name: 'HR', description: 'Chat' }] });
    expect(await manage('?search=beta')).toEqual([]);
  });
});

describe('interview experiences held for review', () => {
  let portal: Portal;
  const form = (companyName: string) => ({ companyName, role: 'Analyst', author: 'A', batch: '2024', course: 'B.Tech', interviewLocation: 'Campus', rounds: [{ name: 'HR', description: 'Chat' }] });

  beforeAll(async () => {
    portal = await Portal.start([experiencesProjection]);
  }, 60_000);
  afterAll(() => portal.stop());

  it("lists a visitor's or a student's experience only once staff or an admin approved it; the management list shows it pending meanwhile", async () => {
    const byVisitor = (await portal.write('POST', '/api/interview-experiences', { body: form('Visitor Co') })).experience as { _id: string };
    const byStudent = (await portal.write('POST', '/api/interview-experiences', { body: form('Student Co'), token: portal.user('student').token })).experience as { _id: string };
    const byStaff = (await portal.write('POST', '/api/interview-experiences', { body: form('Staff Co'), token: portal.user('staff').token })).experience as { _id: string };
    const listedTo = async (caller: Caller) => idsOf((await portal.read('/api/interview-experiences', caller)).body as Experience[]);
    const managed = async (query = '') => (await portal.read(`/api/interview-experiences/manage${query}`, 'staff')).body as (Experience & { status: string })[];

    for (const caller of ['visitor', 'student', 'staff', 'admin'] as const) expect(await listedTo(caller)).toEqual([byStaff._id]);
    expect((await managed()).map(({ _id, status }) => [_id, status])).toEqual([
      [byStaff._id, 'approved'],
      [byStudent._id, 'pending'],
      [byVisitor._id, 'pending'],
    ]);
    expect(idsOf(await managed('?status=pending'))).toEqual([byStudent._id, byVisitor._id]);
    expect(idsOf(await managed('?status=approved'))).toEqual([byStaff._id]);
    expect((await portal.read('/api/interview-experiences/manage?status=hidden', 'staff')).status).toBe(400);

    await portal.write('POST', `/api/interview-experiences/${byVisitor._id}/approve`, { token: portal.user('staff').token });
    expect(await listedTo('visitor')).toEqual([byStaff._id, byVisitor._id]);
    expect(idsOf(await managed('?status=pending'))).toEqual([byStudent._id]);

    await portal.write('DELETE', `/api/interview-experiences/${byStudent._id}`, { token: portal.user('admin').token });
    expect(await managed('?status=pending')).toEqual([]);
  });
});
