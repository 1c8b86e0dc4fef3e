import { PROJECTION_SKIP_MESSAGES, projectionStreamId } from '@placement/domain';
import { isolatedPostgresStore, loadEnv, type EventStore } from '@placement/platform';
import { signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../test-support';
import { UNKNOWN_PROJECTION_MESSAGE } from './projections';

describe("an admin's skip of an event a projection cannot apply, against the real event store", () => {
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  let staff: SignedInUser;
  let student: SignedInUser;
  beforeAll(async () => {
    // A store of its own: the skips recorded here never reach the stack's projections.
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(loadEnv().POSTGRES_URL));
    api = await startCommandApi({}, { store });
    [admin, staff, student] = await Promise.all([signedInUser(api, 'admin'), signedInUser(api, 'staff'), signedInUser(api, 'student')]);
  });
  afterAll(async () => {
    await api.stop();
    await disposeStore();
  });

  const skip = (body: unknown, token?: string, name = 'users') => api.request('POST', `/api/system/projections/${name}/skip`, { body, ...(token ? { token } : {}) });

  it("records ProjectionEventSkipped on the projection's stream with the admin as actor, once per position", async () => {
    const reply = await skip({ position: 4242, reason: 'A 3 KB name the index cannot hold' }, admin.token);
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ message: PROJECTION_SKIP_MESSAGES.skipped, position: expect.any(Number) });
    const [event] = await store.readStream(projectionStreamId('users'));
    expect(event).toMatchObject({
      type: 'ProjectionEventSkipped',
      data: { projection: 'users', position: 4242, reason: 'A 3 KB name the index cannot hold' },
      position: reply.body.position,
      metadata: { actorId: admin.id, actorRole: 'admin' },
    });

    const again = await skip({ position: '4242', reason: 'again' }, admin.token);
    expect(again.status).toBe(202);
    expect(await store.readStream(projectionStreamId('users'))).toHaveLength(1);
  });

  it('refuses an unknown projection, a missing reason or a bad position, and callers who are not admins', async () => {
    const head = await store.headPosition();
    expect(await skip({ position: 1, reason: 'x' }, admin.token, 'nonexistent')).toMatchObject({ status: 404, body: { message: UNKNOWN_PROJECTION_MESSAGE } });
    expect(await skip({ position: 1, reason: '  ' }, admin.token)).toMatchObject({ status: 400, body: { errors: [{ field: 'reason', message: PROJECTION_SKIP_MESSAGES.reasonRequired }] } });
    expect(await skip({ position: 0, reason: 'x' }, admin.token)).toMatchObject({ status: 400, body: { errors: [{ field: 'position', message: PROJECTION_SKIP_MESSAGES.positionInvalid }] } });
    expect((await skip({ position: 1, reason: 'x' })).status).toBe(401);
    expect((await skip({ position: 1, reason: 'x' }, staff.token)).status).toBe(403);
    expect((await skip({ position: 1, reason: 'x' }, student.token)).status).toBe(403);
    const written = await store.readAll({ fromPosition: head });
    expect(written.filter((event) => event.streamId.startsWith('projection-'))).toEqual([]);
  });
});
