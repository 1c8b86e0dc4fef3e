/**
 * The first admin of a portal, end to end against the local stack in an event-store namespace of this
 * file: the real `npm run admin` command line and the real command-api process with BOOTSTRAP_ADMIN_*,
 * then the real login route and the audit history of the real query-api.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isolatedPostgresStore, loadEnv, type EventStore } from '../platform/src';
import { startCommandApi, uniqueEmail, type CommandApiUnderTest } from '../command-api/src/test-support';
import { startQueryApi, type QueryApiUnderTest } from '../query-api/src/test-support';
import { npmRun, spawnService, waitForStatus } from './support/processes';

const PASSWORD = 'typed at the command line';

describe('the first admin, end to end', () => {
  let store: EventStore;
  let schema: string;
  let dispose: () => Promise<void>;
  let command: CommandApiUnderTest;
  let query: QueryApiUnderTest;

  beforeAll(async () => {
    ({ store, schema, dispose } = await isolatedPostgresStore(loadEnv({}, { jwtSecret: false }).POSTGRES_URL));
    command = await startCommandApi({}, { store });
    query = await startQueryApi({ store });
  });
  afterAll(async () => {
    await command.stop();
    await query.stop();
    await dispose();
  });

  /** `npm run admin -- <args>` as an operator types it, against this file's namespace. */
  const npmRunAdmin = (args: string[], stdin = '') => npmRun('admin', args, { stdin, env: { POSTGRES_SCHEMA: schema, LOG_LEVEL: 'silent' } });

  const signIn = async (email: string, password: string) => {
    const reply = await command.post('/api/auth/login', { email, password });
    expect(reply.status).toBe(200);
    return reply.body as { token: string; user: { _id: string; role: string; fullName: string } };
  };

  const historyOf = async (userId: string, token: string) => {
    const reply = await query.get(`/api/audit/users/${userId}`, { token });
    expect(reply.status).toBe(200);
    return (reply.body as { events: { type: string; actor: unknown }[] }).events;
  };

  it('npm run admin -- create --password-stdin makes an admin who signs in, whose history names the command line, and whom list shows', async () => {
    const email = uniqueEmail();
    const made = await npmRunAdmin(['create', '--email', email, '--name', 'Meera Iyer', '--password-stdin'], `${PASSWORD}\n`);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.stdout).toContain(`Made the admin account ${email} (Meera Iyer)`);
    expect(made.stdout).not.toContain(PASSWORD);

    const session = await signIn(email, PASSWORD);
    expect(session.user).toMatchObject({ role: 'admin', fullName: 'Meera Iyer' });
    expect(await historyOf(session.user._id, session.token)).toEqual([
      expect.objectContaining({ type: 'UserCreatedByAdmin', actor: { id: null, role: 'system', name: 'command line (npm run admin)' } }),
    ]);

    const listed = await npmRunAdmin(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n')[0]).toMatch(/^E-MAIL\s+NAME\s+ROLE\s+STATUS$/);
    expect(listed.stdout).toMatch(new RegExp(`^${email.replace(/\./g, '\\.')}\\s+Meera Iyer\\s+admin\\s+active$`, 'm'));

    const head = await store.headPosition();
    const again = await npmRunAdmin(['create', '--email', email, '--name', 'Someone Else', '--role', 'staff', '--password-stdin'], PASSWORD);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`An account with this email already exists. (${email})`);
    expect(again.stderr).toContain('Nothing was made.');
    expect(await store.headPosition()).toBe(head);
  }, 240_000);

  it('the real command-api process makes the first admin at start from BOOTSTRAP_ADMIN_EMAIL and a password file', async () => {
    // A namespace of its own: the bootstrap asks whether the whole store holds an admin.
    const fresh = await isolatedPostgresStore(loadEnv({}, { jwtSecret: false }).POSTGRES_URL);
    const reader = await startQueryApi({ store: fresh.store });
    const email = uniqueEmail();
    const passwordFile = join(mkdtempSync(join(tmpdir(), 'bootstrap-admin-')), 'password');
    writeFileSync(passwordFile, 'the password of the first admin\n', { mode: 0o600 });
    const service = await spawnService('command-api', { POSTGRES_SCHEMA: fresh.schema, BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD_FILE: passwordFile, BOOTSTRAP_ADMIN_NAME: 'Placement Office' });
    try {
      await waitForStatus(`${service.url}/ready`, 200);
      const login = await fetch(`${service.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'the password of the first admin' }) });
      expect(login.status).toBe(200);
      const session = (await login.json()) as { token: string; user: { _id: string; role: string; fullName: string } };
      expect(session.user).toMatchObject({ role: 'admin', fullName: 'Placement Office' });
      const history = await reader.get(`/api/audit/users/${session.user._id}`, { token: session.token });
      expect((history.body as { events: unknown[] }).events).toEqual([
        expect.objectContaining({ type: 'UserCreatedByAdmin', actor: { id: null, role: 'system', name: 'start-up (BOOTSTRAP_ADMIN_EMAIL)' } }),
      ]);
      expect(service.output()).toContain('first admin made');
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
      await reader.stop();
      await fresh.dispose();
    }
  }, 60_000);
});
