import { trainingsProjection } from '../../../projectors/src/projections/trainings';
import { idsOf, Portal, type Caller } from '../test-support';

const anyone: Record<Caller, number> = { visitor: 200, student: 200, 'another student': 200, staff: 200, admin: 200, 'suspended student': 403 };
const staffAndAdmin: Record<Caller, number> = { visitor: 401, student: 403, 'another student': 403, staff: 200, admin: 200, 'suspended student': 403 };

const KEYS = ['_id', 'createdAt', 'date', 'description', 'duration', 'id', 'mode', 'registrationLink', 'title', 'updatedAt'];

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('training queries against the real command-api, projection and query-api', () => {
  let portal: Portal;
  const ids: Record<string, string> = {};

  const schedule = async (name: string, date: string) => {
    const reply = await portal.write('POST', '/api/trainings', {
      token: portal.user('staff').token,
      body: { title: `Training ${name}`, description: 'Hands-on session', date, duration: '2 hours', mode: 'Online', registrationLink: 'https://forms.example/register' },
    });
    ids[name] = (reply.training as { _id: string })._id;
  };
  const list = async (query = '') => {
    const reply = await portal.read(`/api/trainings${query}`, 'visitor');
    expect(reply.status).toBe(200);
    return { items: reply.body as { _id: string; title: string; date: string }[], total: Number(reply.headers.get('x-total-count')) };
  };

  beforeAll(async () => {
    portal = await Portal.start([trainingsProjection]);
    await schedule('later', daysFromNow(30));
    await schedule('past', daysFromNow(-3));
    await schedule('soon', daysFromNow(2));
    await schedule('cancelled', daysFromNow(10));
    await portal.write('DELETE', `/api/trainings/${ids.cancelled}`, { token: portal.user('admin').token });
  }, 60_000);
  afterAll(() => portal.stop());

  it('lets anyone list trainings and staff and admins read the statistics', async () => {
    expect(await portal.statusesFor('/api/trainings')).toEqual(anyone);
    expect(await portal.statusesFor('/api/trainings/stats')).toEqual(staffAndAdmin);
  });

  it('answers a bare array by date, earliest first, without cancelled trainings', async () => {
    const { items, total } = await list();
    expect(idsOf(items)).toEqual([ids.past, ids.soon, ids.later]);
    expect(total).toBe(3);
    expect(Object.keys(items[0]!).sort()).toEqual(KEYS);
    expect(items[0]).toMatchObject({ title: 'Training past', description: 'Hands-on session', duration: '2 hours', mode: 'Online', registrationLink: 'https://forms.example/register' });
  });

  it('keeps only trainings dated now or later when upcoming=true', async () => {
    expect(idsOf((await list('?upcoming=true')).items)).toEqual([ids.soon, ids.later]);
    expect(idsOf((await list('?upcoming=false')).items)).toEqual([ids.past, ids.soon, ids.later]);
    expect((await portal.read('/api/trainings?upcoming=yes')).status).toBe(400);
  });

  it('pages when asked, latest first with order=desc', async () => {
    const page = await list('?page=2&limit=2');
    expect(idsOf(page.items)).toEqual([ids.later]);
    expect(page.total).toBe(3);
    expect(idsOf((await list('?order=desc')).items)).toEqual([ids.later, ids.soon, ids.past]);
    const latestFirst = await list('?page=1&limit=2&order=desc');
    expect(idsOf(latestFirst.items)).toEqual([ids.later, ids.soon]);
    expect(latestFirst.total).toBe(3);
    expect((await portal.read('/api/trainings?order=newest')).status).toBe(400);
  });

  it('shows an edit and counts all and upcoming trainings', async () => {
    expect((await portal.read('/api/trainings/stats')).body).toEqual({ totalTrainings: 3, upcomingTrainings: 2 });
    await portal.write('PUT', `/api/trainings/${ids.past}`, {
      token: portal.user('admin').token,
      body: { title: 'Resume clinic', description: 'Bring your CV', date: daysFromNow(5), duration: '1 hour', mode: 'Hybrid', registrationLink: 'https://forms.example/clinic' },
    });
    expect(idsOf((await list()).items)).toEqual([ids.soon, ids.past, ids.later]);
    expect((await list()).items[1]).toMatchObject({ title: 'Resume clinic', mode: 'Hybrid' });
    expect((await portal.read('/api/trainings/stats', 'staff')).body).toEqual({ totalTrainings: 3, upcomingTrainings: 3 });
  });
});
