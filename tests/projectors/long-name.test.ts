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
  stuck: { position: number } | null;
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
});
