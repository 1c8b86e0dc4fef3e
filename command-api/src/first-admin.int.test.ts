import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_ADMIN_EVENT_VERSIONS, FIRST_ADMIN_STREAM_ID, MESSAGES, SYSTEM_ACTORS, firstAdminDecider, someAdmin, userStreamId } from '@placement/domain';
import { ConfigError, createLogger, isolatedPostgresStore, loadEnv, readAccountDirectory, userIdByEmail, type EventStore } from '@placement/platform';
import { run } from './execute';
import { bootstrapFirstAdmin, readPasswordFile, type FirstAdminSettings } from './first-admin';
import { createStaffAccount, type StaffAccountDeps } from './staff-accounts';
import { startCommandApi, uniqueEmail } from './test-support';

const PASSWORD = 'the first admin pass phrase';
const COMMON = new Set(['letmein']);
const { POSTGRES_URL } = loadEnv({}, { jwtSecret: false });

const depsOf = (store: EventStore): StaffAccountDeps => ({ store, logger: createLogger('first-admin-test', 'silent'), now: () => new Date(), commonPasswords: COMMON });
const settings = (overrides: Partial<FirstAdminSettings> = {}): FirstAdminSettings => ({ email: uniqueEmail(), fullName: 'Administrator', readPassword: async () => PASSWORD, ...overrides });
const types = async (store: EventStore) => (await store.readAll()).map((event) => event.type);

/** Each test gets an event store of its own: the bootstrap is a question about the whole store. */
async function freshStore() {
  const isolated = await isolatedPostgresStore(POSTGRES_URL);
  opened.push(isolated);
  return isolated;
}
const opened: Awaited<ReturnType<typeof isolatedPostgresStore>>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((isolated) => isolated.dispose()));
});

async function configProblem(attempt: Promise<unknown>) {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('the first admin at start (BOOTSTRAP_ADMIN_EMAIL), against a fresh event store', () => {
  it('makes one admin when several replicas start at once, who then signs in with the password from the file', async () => {
    const { store, open } = await freshStore();
    const replicas = [store, open(), open(), open()];
    const wanted = settings();
    try {
      const outcomes = await Promise.all(replicas.map((replica) => bootstrapFirstAdmin(depsOf(replica), wanted)));
      expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['created', 'exists', 'exists', 'exists']);
      const userId = (outcomes[0] as { userId: string }).userId;
      expect(outcomes.every((outcome) => 'userId' in outcome && outcome.userId === userId)).toBe(true);
    } finally {
      await Promise.all(replicas.slice(1).map((replica) => replica.close()));
    }

    expect(await types(store)).toEqual(['FirstAdminChosen', 'EmailClaimed', 'UserCreatedByAdmin']);
    const admins = [...(await readAccountDirectory(store)).values()];
    expect(admins).toEqual([{ userId: expect.any(String), email: wanted.email, fullName: 'Administrator', role: 'admin', status: 'active' }]);
    // The address stays the admin's: no replica that lost the race released it.
    expect(await userIdByEmail(store, wanted.email)).toBe(admins[0]!.userId);
    const [created] = await store.readStream(userStreamId(admins[0]!.userId));
    expect(created!.metadata).toMatchObject({ actorId: null, actorRole: 'system', actorName: SYSTEM_ACTORS.bootstrap.name });

    const api = await startCommandApi({}, { store });
    try {
      expect((await api.post('/api/auth/login', { email: wanted.email, password: PASSWORD })).body.user).toMatchObject({ role: 'admin', fullName: 'Administrator' });
    } finally {
      await api.stop();
    }
  });

  it('does nothing when an admin exists, records that once, and never reads the password', async () => {
    const { store } = await freshStore();
    const deps = depsOf(store);
    const existing = await createStaffAccount(deps, SYSTEM_ACTORS.commandLine, { email: uniqueEmail(), fullName: 'Made Earlier', password: PASSWORD });
    const unreadable = settings({ readPassword: () => Promise.reject(new Error('the password must not be needed')) });

    expect(await bootstrapFirstAdmin(deps, unreadable)).toEqual({ outcome: 'not-needed', existingAdminId: existing.userId });
    expect(await bootstrapFirstAdmin(deps, settings())).toEqual({ outcome: 'not-needed', existingAdminId: existing.userId });
    expect(await types(store)).toEqual(['EmailClaimed', 'UserCreatedByAdmin', 'FirstAdminNotNeeded']);
    expect(someAdmin(await readAccountDirectory(store))?.userId).toBe(existing.userId);
  });

  it('once the first admin exists, a later start changes nothing and needs no password', async () => {
    const { store } = await freshStore();
    const wanted = settings();
    const first = await bootstrapFirstAdmin(depsOf(store), wanted);
    expect(first.outcome).toBe('created');
    const head = await store.headPosition();
    const later = await bootstrapFirstAdmin(depsOf(store), { ...wanted, readPassword: () => Promise.reject(new Error('not needed')) });
    expect(later).toEqual({ ...first, outcome: 'exists' });
    expect(await store.headPosition()).toBe(head);
  });

  it('makes the chosen account on the next start when a replica died between the choice and the account', async () => {
    const { store } = await freshStore();
    const wanted = settings();
    // The choice alone, as a replica that stopped right after it leaves the store.
    await run(store, { context: { now: new Date(), actor: SYSTEM_ACTORS.bootstrap }, causation: { correlationId: 'crashed-start', causationId: null } }, {
      streamId: FIRST_ADMIN_STREAM_ID,
      decider: firstAdminDecider,
      versions: FIRST_ADMIN_EVENT_VERSIONS,
      command: { type: 'SettleFirstAdmin', userId: '5b1c3f8e-8d52-4a8e-9c39-7f0f3b3f0a11', email: wanted.email, fullName: 'Administrator', existingAdminId: null },
    });
    expect(await bootstrapFirstAdmin(depsOf(store), wanted)).toEqual({ outcome: 'created', userId: '5b1c3f8e-8d52-4a8e-9c39-7f0f3b3f0a11', email: wanted.email });
    expect(await types(store)).toEqual(['FirstAdminChosen', 'EmailClaimed', 'UserCreatedByAdmin']);
  });

  it('goes on without the account when its address became another account\'s after the choice', async () => {
    const { store } = await freshStore();
    const wanted = settings();
    await run(store, { context: { now: new Date(), actor: SYSTEM_ACTORS.bootstrap }, causation: { correlationId: 'crashed-start', causationId: null } }, {
      streamId: FIRST_ADMIN_STREAM_ID,
      decider: firstAdminDecider,
      versions: FIRST_ADMIN_EVENT_VERSIONS,
      command: { type: 'SettleFirstAdmin', userId: '0d7c2a8e-1b7f-4a51-9a55-3f1cb5d2e6a0', email: wanted.email, fullName: 'Administrator', existingAdminId: null },
    });
    const staff = await createStaffAccount(depsOf(store), SYSTEM_ACTORS.commandLine, { email: wanted.email, fullName: 'Took It', role: 'staff', password: PASSWORD });
    const head = await store.headPosition();
    expect(await bootstrapFirstAdmin(depsOf(store), wanted)).toEqual({ outcome: 'address-taken', userId: '0d7c2a8e-1b7f-4a51-9a55-3f1cb5d2e6a0', email: wanted.email });
    expect(await store.headPosition()).toBe(head);
    expect(await userIdByEmail(store, wanted.email)).toBe(staff.userId);
  });

  it('refuses a weak password or a taken address as configuration naming the variable, and writes nothing', async () => {
    const { store } = await freshStore();
    const deps = depsOf(store);
    expect(await configProblem(bootstrapFirstAdmin(deps, settings({ readPassword: async () => 'short' })))).toEqual([
      { variable: 'BOOTSTRAP_ADMIN_PASSWORD_FILE', message: MESSAGES.passwordTooShort },
    ]);
    expect(await store.headPosition()).toBe(0);

    const student = await startCommandApi({}, { store });
    const email = uniqueEmail();
    try {
      expect((await student.post('/api/auth/register', { fullName: 'A Student', rollNo: 'R-1', email, password: 'a student pass phrase' })).status).toBe(201);
    } finally {
      await student.stop();
    }
    const head = await store.headPosition();
    const [problem] = await configProblem(bootstrapFirstAdmin(deps, settings({ email })));
    expect(problem).toEqual({ variable: 'BOOTSTRAP_ADMIN_EMAIL', message: expect.stringContaining('An account with this email already exists.') });
    expect(await store.headPosition()).toBe(head);
  });
});

describe('the password file', () => {
  const fileWith = (content: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'admin-password-')), 'password');
    writeFileSync(file, content, { mode: 0o600 });
    return file;
  };

  it('is read without the line break that ends it, and nothing else removed', async () => {
    expect(await readPasswordFile(fileWith(' spaces count \n'))).toBe(' spaces count ');
    expect(await readPasswordFile(fileWith('crlf too\r\n'))).toBe('crlf too');
    expect(await readPasswordFile(fileWith('no line break'))).toBe('no line break');
  });

  it('that cannot be read is a configuration error naming the variable', async () => {
    expect(await configProblem(readPasswordFile('/nonexistent/admin-password'))).toEqual([{ variable: 'BOOTSTRAP_ADMIN_PASSWORD_FILE', message: 'cannot be read (ENOENT)' }]);
  });
});
