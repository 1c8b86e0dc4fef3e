import { randomBytes } from 'node:crypto';
import { startCommandApi, signedInUser, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { createNamespace, kill, spawnInNamespace, until, type Namespace } from '../notifier/support';
import { spawnService, waitForStatus, type ServiceProcess } from '../support/processes';

interface ListedUser {
  _id: string;
  fullName: string;
  email: string;
}

interface ProjectionStatus {
  projection: string;
  lagEvents: number;
  stuck: { position: number; eventType: string; error: string; attempts: number } | null;
}

interface SystemStatus {
  status: 'ok' | 'degraded';
  projections: { items: ProjectionStatus[]; error: string | null };
}

/**
 * The finding this guards: a student registered with a 3 KB name could sign in and apply, but the
 * users read model never got the account (the local server refused the index entry, and the runner
 * took the failure for a duplicate key and moved on), so admins never saw it. Here the real
 * projectors and query-api processes run on a namespace of their own: register through the
 * command-api, read the admins' user list from the query-api.
 */
describe('a student registered with a 3 KB name, end to end', () => {
  const secret = randomBytes(32).toString('hex');
  const tag = randomBytes(4).toString('hex');
  // About 3 KB that does not compress, so its index entry would be over PostgreSQL's ~2.7 KB btree limit.
  const longName = `Zed ${tag} ${randomBytes(2300).toString('base64').replace(/[+/=]/g, 'x')}`;
  let ns: Namespace;
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  const processes: ServiceProcess[] = [];
  let query: ServiceProcess;
  let projectors: ServiceProcess;

  beforeAll(async () => {
    ns = await createNamespace();
    projectors = await spawnInNamespace('projectors', ns);
    processes.push(projectors);
    query = await spawnService('query-api', { ...ns.env, JWT_SECRET: secret, PROJECTORS_URL: projectors.url, LOG_LEVEL: 'warn' });
    processes.push(query);
    await waitForStatus(`${query.url}/ready`, 200, 60_000);
    api = await startCommandApi({ ...ns.env, JWT_SECRET: secret }, { store: ns.store });
    admin = await signedInUser(api, 'admin');
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    for (const process of processes) if (process.child.exitCode === null && process.child.signalCode === null) await kill(process, 'SIGTERM');
    await ns?.dispose();
  }, 60_000);

  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${query.url}${path}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it('is in the admins’ user list with the whole name, sorted by name among the others', async () => {
    const registered = await api.post('/api/auth/register', { fullName: longName, rollNo: `R-${tag}`, email: `zed.${tag}@university.edu`, password: 'correct horse battery staple 42' });
    expect(registered.status).toBe(201);
    const other = await api.post('/api/auth/register', { fullName: `Aarav ${tag}`, rollNo: `A-${tag}`, email: `aarav.${tag}@university.edu`, password: 'correct horse battery staple 42' });
    expect(other.status).toBe(201);

    const listed = await until(
      async () => {
        const users = await get<ListedUser[]>(`/api/admin/users?search=${tag}&sort=fullName`);
        return users.length === 2 ? users : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'both accounts in the admins’ user list' },
    );
    expect(listed.map((user) => user.fullName)).toEqual([`Aarav ${tag}`, longName]);
    expect(listed[1]!.email).toBe(`zed.${tag}@university.edu`);

    // No projection is stuck, and every one reaches the head of the log.
    const status = await until(
      async () => {
        const reply = await get<{ projections: { items: ProjectionStatus[]; error: string | null } }>('/api/system/status');
        return reply.projections.items.length > 0 && reply.projections.items.every((item) => item.lagEvents === 0) ? reply : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'every projection at the head' },
    );
    expect(status.projections.items.filter((item) => item.stuck !== null)).toEqual([]);
  }, 180_000);

  it('stops the users projection at an event the server refuses, shows it on the status page, and moves on after an admin’s skip', async () => {
    // An index on a raw text field the users projection still writes, as it used to declare (on names,
    // e-mails and roll numbers): the server refuses the next account whose roll number is longer than an
    // index entry.
    await ns.mongo.db.collection('users').createIndex({ rollNo: 1 });
    const refusedTag = randomBytes(4).toString('hex');
    const longRollNo = `Y-${refusedTag}-${randomBytes(2300).toString('base64').replace(/[+/=]/g, 'y')}`;
    const registered = await api.post('/api/auth/register', { fullName: `Yan ${refusedTag}`, rollNo: longRollNo, email: `yan.${refusedTag}@university.edu`, password: 'correct horse battery staple 42' });
    expect(registered.status).toBe(201);
    const after = await api.post('/api/auth/register', { fullName: `Bela ${refusedTag}`, rollNo: `B-${refusedTag}`, email: `bela.${refusedTag}@university.edu`, password: 'correct horse battery staple 42' });
    expect(after.status).toBe(201);

    const stuck = await until(
      async () => {
        const status = await get<SystemStatus>('/api/system/status');
        const users = status.projections.items.find((item) => item.projection === 'users');
        return users?.stuck && users.stuck.attempts >= 2 ? { status, users } : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'the users projection stuck on the status page' },
    );
    expect(stuck.status.status).toBe('degraded');
    expect(stuck.users.stuck).toMatchObject({ eventType: 'UserRegistered', error: expect.stringContaining('index row size') });
    const position = stuck.users.stuck!.position;
    const [event] = await ns.store.readAll({ fromPosition: position - 1, maxCount: 1 });
    expect(event).toMatchObject({ position, type: 'UserRegistered', data: { fullName: `Yan ${refusedTag}`, rollNo: longRollNo } });
    // Nothing after it reaches the read model meanwhile.
    expect(await get<ListedUser[]>(`/api/admin/users?search=${refusedTag}`)).toEqual([]);

    const skipped = await api.request('POST', '/api/system/projections/users/skip', { body: { position, reason: 'A name longer than the index can hold' }, token: admin.token });
    expect(skipped.status).toBe(202);
    const listed = await until(
      async () => {
        const users = await get<ListedUser[]>(`/api/admin/users?search=${refusedTag}`);
        return users.length > 0 ? users : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 500, what: 'the users projection past the skipped event' },
    );
    // The skipped account is not in the read model; the one registered after it is.
    expect(listed.map((user) => user.fullName)).toEqual([`Bela ${refusedTag}`]);
    const status = await until(
      async () => {
        const reply = await get<SystemStatus>('/api/system/status');
        return reply.projections.items.find((item) => item.projection === 'users')?.stuck === null ? reply : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'the users projection no longer stuck' },
    );
    expect(status.projections.items.every((item) => item.stuck === null)).toBe(true);

    // The skip is in the audit log, with the admin as actor.
    const audit = await get<{ events: { type: string; actor: { id: string | null }; data: unknown }[] }>('/api/audit?type=ProjectionEventSkipped');
    expect(audit.events).toEqual([expect.objectContaining({ type: 'ProjectionEventSkipped', actor: expect.objectContaining({ id: admin.id }), data: { projection: 'users', position, reason: 'A name longer than the index can hold' } })]);
    const metrics = await (await fetch(`${projectors.url}/metrics`)).text();
    expect(metrics).toMatch(/^projection_events_skipped_total\{projection="users"[^}]*\} 1$/m);
  }, 240_000);
});
