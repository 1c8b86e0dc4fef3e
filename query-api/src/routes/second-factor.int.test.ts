/**
 * GET /api/auth/second-factor on the real query-api, over an event store of its own (the requirement
 * is one setting for every account, so a shared store would make the answer depend on other runs).
 */
import { RECOVERY_CODE_COUNT, SECURITY_SETTINGS_EVENT_VERSIONS, SECURITY_SETTINGS_STREAM, securitySettingsDecider, USER_EVENT_VERSIONS, userDecider, userStreamId, type UserCommand } from '@placement/domain';
import { isolatedPostgresStore, loadEnv, runCommand } from '@placement/platform';
import { signedInUser, startCommandApi, type CommandApiUnderTest } from '../../../command-api/src/test-support';
import { startQueryApi, type QueryApiUnderTest } from '../test-support';

const { POSTGRES_URL } = loadEnv({ ...process.env }, { jwtSecret: false });

describe('the signed-in account\'s second factor, read from the event store', () => {
  let isolated: Awaited<ReturnType<typeof isolatedPostgresStore>>;
  let command: CommandApiUnderTest;
  let query: QueryApiUnderTest;
  beforeAll(async () => {
    isolated = await isolatedPostgresStore(POSTGRES_URL);
    command = await startCommandApi({}, { store: isolated.store });
    query = await startQueryApi({ store: isolated.store });
  });
  afterAll(async () => {
    await query?.stop();
    await command?.stop();
    await isolated?.dispose();
  });

  const causation = () => ({ correlationId: `test-${Date.now()}`, causationId: null });
  const asUser = (userId: string, role: 'admin' | 'staff', command: UserCommand) =>
    runCommand(isolated.store, { streamId: userStreamId(userId), decider: userDecider, versions: USER_EVENT_VERSIONS, command, context: { now: new Date(), actor: { id: userId, role } }, causation: causation() });

  it('answers none, then enrolled with the recovery codes left, and whether the portal requires it; only to admin and staff', async () => {
    const staff = await signedInUser(command, 'staff');
    const student = await signedInUser(command, 'student');
    expect((await query.get('/api/auth/second-factor', { token: student.token })).status).toBe(403);
    expect((await query.get('/api/auth/second-factor')).status).toBe(401);
    const before = await query.get('/api/auth/second-factor', { token: staff.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ status: 'none', recoveryCodesLeft: 0, recoveryCodeCount: RECOVERY_CODE_COUNT, required: false });

    const hashes = Array.from({ length: RECOVERY_CODE_COUNT }, (_, index) => `hash-${index}`);
    await asUser(staff.id, 'staff', { type: 'StartSecondFactorEnrolment', userId: staff.id, encryptedSecret: 'v1.x.y.z' });
    expect((await query.get('/api/auth/second-factor', { token: staff.token })).body).toMatchObject({ status: 'pending' });
    await asUser(staff.id, 'staff', { type: 'ConfirmSecondFactor', userId: staff.id, step: 1, recoveryCodeHashes: hashes });
    await asUser(staff.id, 'staff', { type: 'UseRecoveryCode', userId: staff.id, codeHash: 'hash-2' });
    await runCommand(isolated.store, {
      streamId: SECURITY_SETTINGS_STREAM,
      decider: securitySettingsDecider,
      versions: SECURITY_SETTINGS_EVENT_VERSIONS,
      command: { type: 'SetSecondFactorRequirement', required: true },
      context: { now: new Date(), actor: { id: 'admin-x', role: 'admin' } },
      causation: causation(),
    });
    expect((await query.get('/api/auth/second-factor', { token: staff.token })).body).toEqual({
      status: 'enrolled',
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
      recoveryCodeCount: RECOVERY_CODE_COUNT,
      required: true,
    });
  });
});
