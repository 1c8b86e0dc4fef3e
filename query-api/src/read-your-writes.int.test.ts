import { randomUUID } from 'node:crypto';
import { emailProjection } from '../../projectors/src/projections/email';
import { experiencesProjection } from '../../projectors/src/projections/experiences';
import { trainingsProjection } from '../../projectors/src/projections/trainings';
import { usersProjection } from '../../projectors/src/projections/users';
import { CHECKPOINT_COLLECTION } from '@placement/platform';
import type { Db } from 'mongodb';
import { awaitPosition, positionToAwait } from './consistency';
import { idsOf, Portal } from './test-support';

describe('read-your-writes: a query sent with the position of a command sees that command', () => {
  let portal: Portal;
  const tag = randomUUID().slice(0, 8);

  /** A command through the real command-api, then a read through the real query-api with only that command's position. */
  const writeThenRead = async (write: () => Promise<Record<string, unknown>>, path: string, caller: 'admin' | 'staff' | 'student' = 'admin') => {
    const { position } = await write();
    expect(position).toEqual(expect.any(Number));
    const reply = await portal.query.get(path, { token: portal.user(caller).token, position: position as number });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-consistency')).toBe('consistent');
    return reply.body;
  };

  beforeAll(async () => {
    portal = await Portal.start([usersProjection, trainingsProjection, experiencesProjection, emailProjection]);
  }, 60_000);
  afterAll(() => portal.stop());

  it('sees each new training, experience, account and template at once', async () => {
    for (let round = 0; round < 5; round++) {
      const training = await writeThenRead(
        () =>
          portal.command
            .request('POST', '/api/trainings', {
              token: portal.user('staff').token,
              body: { title: `T${round}`, description: 'd', date: new Date(Date.now() + 86_400_000).toISOString(), duration: '1h', mode: 'Online', registrationLink: 'https://forms.example/r' },
            })
            .then((reply) => reply.body),
        '/api/trainings',
      );
      expect((training as { title: string }[]).map((item) => item.title)).toContain(`T${round}`);

      // Staff publish at once (a visitor's experience waits for review, and a visitor does not wait to read).
      const shared = await portal.command.request('POST', '/api/interview-experiences', {
        token: portal.user('staff').token,
        body: { companyName: `Company ${tag} ${round}`, role: 'Analyst', author: 'A', batch: '2024', course: 'B.Tech', interviewLocation: 'Campus', rounds: [{ name: 'HR', description: 'Chat' }] },
      });
      const experiences = await portal.query.get(`/api/interview-experiences?company=${tag}%20${round}`, { token: portal.user('student').token, position: shared.body.position as number });
      expect(experiences.headers.get('x-consistency')).toBe('consistent');
      expect(idsOf(experiences.body)).toEqual([(shared.body.experience as { _id: string })._id]);

      const users = await writeThenRead(
        () =>
          portal.command
            .request('POST', '/api/admin/users', {
              token: portal.user('admin').token,
              body: { fullName: `Person ${round}`, email: `p${round}.${tag}@university.edu`, password: 'correct horse', role: 'staff' },
            })
            .then((reply) => reply.body),
        `/api/admin/users?search=p${round}.${tag}`,
      );
      expect(users).toHaveLength(1);

      const templates = await writeThenRead(
        () => portal.command.request('POST', '/api/email/templates', { token: portal.user('staff').token, body: { name: `N${round}`, subject: 's', content: '<p>c</p>' } }).then((reply) => reply.body),
        '/api/email/templates',
        'staff',
      );
      expect((templates as { templates: { name: string }[] }).templates.map((template) => template.name)).toContain(`N${round}`);
    }
  }, 60_000);

  it('sees a role change in the statistics at once', async () => {
    const before = (await portal.read('/api/admin/stats/users')).body as { staff: number; admins: number };
    const staffId = portal.user('staff').id;
    const stats = await writeThenRead(
      () => portal.command.request('PUT', `/api/admin/users/${staffId}/role`, { token: portal.user('admin').token, body: { role: 'admin' } }).then((reply) => reply.body),
      '/api/admin/stats/users',
    );
    expect(stats).toMatchObject({ staff: before.staff - 1, admins: before.admins + 1 });
  });

  it('gives up, marked stale, when a projection does not reach the position', async () => {
    // Positions the log has, in a projection that is never run here: it never gets there.
    expect(await awaitPosition(portal.query.deps.db, ['jobs'], await portal.command.deps.store.headPosition())).toBe(false);
  });

  it('waits for a projection that reaches the position while it waits', async () => {
    const checkpoints = portal.query.deps.db.collection<{ _id: string; position: number }>(CHECKPOINT_COLLECTION);
    const head = await portal.command.deps.store.headPosition();
    const saved = await checkpoints.findOne({ _id: 'jobs' });
    // The wait's own view of the database, which counts its looks at the checkpoints.
    const db = portal.query.deps.db;
    let looks = 0;
    const counted = Object.assign(Object.create(db) as Db, {
      collection: (...args: Parameters<Db['collection']>) => {
        if (args[0] === CHECKPOINT_COLLECTION) looks += 1;
        return db.collection(...args);
      },
    });
    try {
      const waiting = awaitPosition(counted, ['jobs'], head);
      // Once it looks a second time, the first look found the projection behind: it is waiting.
      for (const deadline = Date.now() + 1_500; looks < 2; ) {
        if (Date.now() > deadline) throw new Error(`the wait looked ${looks} times at the checkpoints`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await checkpoints.updateOne({ _id: 'jobs' }, { $set: { position: head } }, { upsert: true });
      expect(await waiting).toBe(true);
    } finally {
      if (saved) await checkpoints.replaceOne({ _id: 'jobs' }, saved);
      else await checkpoints.deleteOne({ _id: 'jobs' });
    }
  });

  it('does not hold a visitor: a position from a visitor is not waited for', async () => {
    const farFuture = (await portal.command.deps.store.headPosition()) + 1_000_000;
    const reply = await portal.query.get('/api/trainings', { position: farFuture });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-consistency')).toBeNull();
  });

  it('waits for a signed-in caller only up to the head of the log: a far-future position is the head', async () => {
    const head = await portal.command.deps.store.headPosition();
    expect(positionToAwait(head + 1_000_000, head)).toBe(head);
    expect(positionToAwait(head - 5, head)).toBe(head - 5);
    // The trainings projection runs here and reaches the head: the reply is consistent, not stale.
    const reply = await portal.query.get('/api/trainings', { token: portal.user('student').token, position: head + 1_000_000 });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-consistency')).toBe('consistent');
  });

  it('does not wait without a position', async () => {
    const reply = await portal.query.get('/api/trainings');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-consistency')).toBeNull();
  });
});
