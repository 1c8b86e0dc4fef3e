import { SYSTEM_ACTORS, USER_MESSAGES, MESSAGES, isRejection, userStreamId } from '@placement/domain';
import { createLogger, emailStreamOf, isolatedPostgresStore, loadEnv, type EventStore } from '@placement/platform';
import { createStaffAccount, listStaffAccounts, type StaffAccountDeps } from './staff-accounts';
import { startCommandApi, uniqueEmail, type CommandApiUnderTest } from './test-support';

const PASSWORD = 'a long enough pass phrase';
const COMMON = new Set(['letmein', 'password']);

/** What a refused call threw, as plain data; fails when it was accepted. */
async function refusal(attempt: Promise<unknown>) {
  try {
    await attempt;
  } catch (error) {
    if (isRejection(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('admin and staff accounts made by the command line, against a fresh event store', () => {
  let store: EventStore;
  let dispose: () => Promise<void>;
  let api: CommandApiUnderTest;
  let deps: StaffAccountDeps;
  const commandLine = SYSTEM_ACTORS.commandLine;

  beforeAll(async () => {
    ({ store, dispose } = await isolatedPostgresStore(loadEnv({}, { jwtSecret: false }).POSTGRES_URL));
    api = await startCommandApi({}, { store });
    deps = { store, logger: createLogger('staff-accounts-test', 'silent'), now: () => new Date(), commonPasswords: COMMON };
  });
  afterAll(async () => {
    await api.stop();
    await dispose();
  });

  it('makes a verified admin who signs in through the login route; the event names the command line, not an account', async () => {
    const email = uniqueEmail();
    const made = await createStaffAccount(deps, commandLine, { email: email.toUpperCase(), fullName: 'Asha Rao', password: PASSWORD });
    expect(made).toEqual({ userId: expect.any(String), email, fullName: 'Asha Rao', role: 'admin', position: expect.any(Number) });

    const login = await api.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ _id: made.userId, role: 'admin', status: 'active', fullName: 'Asha Rao' });

    const [created] = await store.readStream(userStreamId(made.userId));
    expect(created).toMatchObject({ type: 'UserCreatedByAdmin', data: { role: 'admin', verified: true } });
    expect(created!.metadata).toMatchObject({ actorId: null, actorRole: 'system', actorName: 'command line (npm run admin)' });
    expect(JSON.stringify(created)).not.toContain(PASSWORD);
    const [claim] = await store.readStream(emailStreamOf(email));
    expect(claim).toMatchObject({ type: 'EmailClaimed', data: { userId: made.userId }, metadata: { actorName: 'command line (npm run admin)' } });
  });

  it('makes a staff account with --role staff, and lists admins and staff with e-mail, name, role and status', async () => {
    const admin = await createStaffAccount(deps, commandLine, { email: uniqueEmail(), fullName: 'Admin Two', password: PASSWORD });
    const staff = await createStaffAccount(deps, commandLine, { email: uniqueEmail(), fullName: 'Staff One', role: 'staff', password: PASSWORD });
    const login = await api.post('/api/auth/login', { email: staff.email, password: PASSWORD });
    expect(login.body.user).toMatchObject({ role: 'staff' });

    const listed = await listStaffAccounts(store);
    expect(listed).toContainEqual({ userId: admin.userId, email: admin.email, fullName: 'Admin Two', role: 'admin', status: 'active' });
    expect(listed).toContainEqual({ userId: staff.userId, email: staff.email, fullName: 'Staff One', role: 'staff', status: 'active' });
    expect(listed.findIndex((account) => account.userId === admin.userId)).toBeLessThan(listed.findIndex((account) => account.userId === staff.userId));
    expect(listed.every((account) => account.role !== 'student')).toBe(true);
  });

  it('refuses an address that already has an account, and writes nothing', async () => {
    const email = uniqueEmail();
    await createStaffAccount(deps, commandLine, { email, fullName: 'First Owner', password: PASSWORD });
    const head = await store.headPosition();
    expect(await refusal(createStaffAccount(deps, commandLine, { email: ` ${email.toUpperCase()} `, fullName: 'Second Owner', password: PASSWORD }))).toEqual({
      kind: 'conflict',
      message: USER_MESSAGES.emailTaken,
    });
    expect(await store.headPosition()).toBe(head);
    expect((await listStaffAccounts(store)).filter((account) => account.email === email).map((account) => account.fullName)).toEqual(['First Owner']);
  });

  it('refuses a short or common password before anything is written', async () => {
    const head = await store.headPosition();
    const email = uniqueEmail();
    expect(await refusal(createStaffAccount(deps, commandLine, { email, fullName: 'Weak', password: 'elevenchars' }))).toEqual({ kind: 'invalid', message: MESSAGES.passwordTooShort });
    expect(await refusal(createStaffAccount(deps, commandLine, { email, fullName: 'Weak', password: 'LetMeIn12345' }))).toEqual({ kind: 'invalid', message: MESSAGES.passwordTooCommon });
    expect(await store.headPosition()).toBe(head);
    expect((await api.post('/api/auth/login', { email, password: 'LetMeIn12345' })).status).toBe(401);
  });
});
