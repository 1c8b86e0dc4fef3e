/**
 * The second factor of admin and staff accounts through the real command-api and event store: set-up,
 * sign-in with a code or a recovery code, reuse, throttling, the challenge that is no session, the
 * portal's requirement (on a store of its own, since it applies to every account) and the reset.
 */
import { SECURITY_SETTINGS_STREAM, userStreamId } from '@placement/domain';
import { INVALID_TOKEN_MESSAGE, isolatedPostgresStore, loadEnv, totpCodeAt, TOTP_PERIOD_SECONDS } from '@placement/platform';
import { signedInUser, startCommandApi, type CommandApiUnderTest, type Reply, type SignedInUser } from '../test-support';
import { SECOND_FACTOR_MESSAGES } from './views';

const PASSWORD = 'a long enough password';
const { POSTGRES_URL } = loadEnv({ ...process.env }, { jwtSecret: false });

/** A command-api whose clock the test moves (a code belongs to a 30-second step of it). */
async function apiWithClock(overrides: Record<string, string> = {}, store?: Awaited<ReturnType<typeof isolatedPostgresStore>>['store']) {
  const clock = { now: new Date() };
  const api = await startCommandApi(overrides, { deps: { now: () => clock.now }, ...(store ? { store } : {}) });
  const nextStep = () => {
    clock.now = new Date(clock.now.getTime() + TOTP_PERIOD_SECONDS * 1000);
  };
  return { api, clock, nextStep };
}

const login = (api: CommandApiUnderTest, email: string, password = PASSWORD) => api.post('/api/auth/login', { email, password });

/** Sets up the account's second factor with its session; answers the secret and the recovery codes. */
async function enrol(api: CommandApiUnderTest, user: SignedInUser, now: () => Date): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await api.request('POST', '/api/auth/second-factor/setup', { token: user.token });
  expect(setup.status).toBe(200);
  const secret = String(setup.body.secret);
  const confirmed = await api.request('POST', '/api/auth/second-factor/confirm', { token: user.token, body: { code: totpCodeAt(secret, now()) } });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

const challengeOf = (reply: Reply): string => {
  expect(reply.status).toBe(200);
  expect(reply.body.token).toBeUndefined();
  return String(reply.body.challenge);
};

describe('second factor on the shared store', () => {
  let api: CommandApiUnderTest;
  let clock: { now: Date };
  let nextStep: () => void;
  beforeAll(async () => {
    ({ api, clock, nextStep } = await apiWithClock());
  });
  afterAll(() => api.stop());

  const secondStep = (challenge: string, body: Record<string, string>) => api.post('/api/auth/login/second-factor', { challenge, ...body });

  it('sets up with a QR code of the otpauth URI and a confirming code; the secret is stored encrypted and the recovery codes hashed', async () => {
    const staff = await signedInUser(api, 'staff', { password: PASSWORD });
    const setup = await api.request('POST', '/api/auth/second-factor/setup', { token: staff.token });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUri).toEqual(expect.stringMatching(/^otpauth:\/\/totp\/.*secret=/));
    expect(setup.body.qrCode).toEqual(expect.stringMatching(/^data:image\/png;base64,/));
    const secret = String(setup.body.secret);
    const wrong = await api.request('POST', '/api/auth/second-factor/confirm', { token: staff.token, body: { code: '000000' === totpCodeAt(secret, clock.now) ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    const confirmed = await api.request('POST', '/api/auth/second-factor/confirm', { token: staff.token, body: { code: totpCodeAt(secret, clock.now) } });
    expect(confirmed.status).toBe(200);
    const recoveryCodes = confirmed.body.recoveryCodes as string[];
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = JSON.stringify(await api.deps.store.readStream(userStreamId(staff.id)));
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
    const types = (await api.deps.store.readStream(userStreamId(staff.id))).map((event) => event.type);
    expect(types).toEqual(['UserCreatedByAdmin', 'SecondFactorEnrolmentStarted', 'SecondFactorEnrolled']);
    // A student has none; an enrolled account cannot start again.
    const student = await signedInUser(api, 'student');
    expect((await api.request('POST', '/api/auth/second-factor/setup', { token: student.token })).status).toBe(403);
    expect((await api.request('POST', '/api/auth/second-factor/setup', { token: staff.token })).status).toBe(409);
  });

  it('once enrolled, the password gives a challenge, and the code the session; a wrong code and a used code are refused', async () => {
    const admin = await signedInUser(api, 'admin', { password: PASSWORD });
    const { secret } = await enrol(api, admin, () => clock.now);
    nextStep();
    const first = await login(api, admin.email);
    expect(first.body).toMatchObject({ secondFactor: 'code', message: SECOND_FACTOR_MESSAGES.codeRequired });
    const challenge = challengeOf(first);
    const code = totpCodeAt(secret, clock.now);
    const wrongCode = code === '123456' ? '654321' : '123456';
    expect(await secondStep(challenge, { code: wrongCode })).toMatchObject({ status: 401 });
    const session = await secondStep(challenge, { code });
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ _id: admin.id, role: 'admin' });
    // The session is a session: a signed-in endpoint takes it (and says the factor is set up already).
    expect((await api.request('POST', '/api/auth/second-factor/setup', { token: String(session.body.token) })).status).toBe(409);
    // The same code again, with a new challenge: refused as used.
    const again = await secondStep(challengeOf(await login(api, admin.email)), { code });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('This code has already been used. Please wait for the next one.');
    // The next step's code is good.
    nextStep();
    expect((await secondStep(challengeOf(await login(api, admin.email)), { code: totpCodeAt(secret, clock.now) })).status).toBe(200);
  });

  it('a challenge is not a session: it opens no signed-in endpoint, and only its own step', async () => {
    const staff = await signedInUser(api, 'staff', { password: PASSWORD });
    await enrol(api, staff, () => clock.now);
    const challenge = challengeOf(await login(api, staff.email));
    const asSession = await api.request('POST', '/api/auth/second-factor/setup', { token: challenge });
    expect(asSession.status).toBe(401);
    expect(asSession.body.message).toBe(INVALID_TOKEN_MESSAGE);
    expect((await api.request('POST', '/api/trainings', { token: challenge, body: {} })).status).toBe(401);
    // An enrolment challenge it is not either, and a session token is no challenge.
    expect((await api.post('/api/auth/login/second-factor/setup', { challenge })).status).toBe(401);
    expect((await secondStep(staff.token, { code: '123456' })).status).toBe(401);
  });

  it('a recovery code signs in once; its reuse is refused, and its use is in the history', async () => {
    const staff = await signedInUser(api, 'staff', { password: PASSWORD });
    const { recoveryCodes } = await enrol(api, staff, () => clock.now);
    const code = recoveryCodes[3]!;
    expect((await secondStep(challengeOf(await login(api, staff.email)), { recoveryCode: code.toLowerCase() })).status).toBe(200);
    const reuse = await secondStep(challengeOf(await login(api, staff.email)), { recoveryCode: code });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe('This recovery code is not valid or has already been used.');
    const used = (await api.deps.store.readStream(userStreamId(staff.id))).filter((event) => event.type === 'RecoveryCodeUsed');
    expect(used).toHaveLength(1);
    expect(used[0]!.metadata).toMatchObject({ actorId: staff.id });
    expect((await secondStep(challengeOf(await login(api, staff.email)), { recoveryCode: recoveryCodes[4]! })).status).toBe(200);
  });

  it('an admin resets another account\'s second factor: its sessions end and its password alone signs in again', async () => {
    const admin = await signedInUser(api, 'admin');
    const staff = await signedInUser(api, 'staff', { password: PASSWORD });
    const { recoveryCodes } = await enrol(api, staff, () => clock.now);
    const session = await secondStep(challengeOf(await login(api, staff.email)), { recoveryCode: recoveryCodes[0]! });
    expect(session.status).toBe(200);
    expect((await api.request('POST', `/api/admin/users/${staff.id}/second-factor/reset`, { token: staff.token })).status).toBe(403);
    const reset = await api.request('POST', `/api/admin/users/${staff.id}/second-factor/reset`, { token: admin.token });
    expect(reset.status).toBe(200);
    expect((await api.request('POST', '/api/auth/second-factor/setup', { token: String(session.body.token) })).status).toBe(401);
    const plain = await login(api, staff.email);
    expect(plain.status).toBe(200);
    expect(plain.body.token).toEqual(expect.any(String));
    const reset2 = await api.request('POST', `/api/admin/users/${staff.id}/second-factor/reset`, { token: admin.token });
    expect(reset2.status).toBe(409);
  });
});

describe('wrong codes are throttled per account', () => {
  it('past the limit even the right code is refused, with 429', async () => {
    const { api, clock } = await apiWithClock({ LOGIN_ATTEMPTS_PER_15_MINUTES: '3' });
    try {
      const staff = await signedInUser(api, 'staff', { password: PASSWORD });
      const { secret } = await enrol(api, staff, () => clock.now);
      const challenge = challengeOf(await login(api, staff.email));
      const right = totpCodeAt(secret, new Date(clock.now.getTime() + TOTP_PERIOD_SECONDS * 1000));
      const wrong = right === '000000' ? '999999' : '000000';
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await api.post('/api/auth/login/second-factor', { challenge, code: wrong })).status).toBe(401);
      }
      const blocked = await api.post('/api/auth/login/second-factor', { challenge, code: right });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(SECOND_FACTOR_MESSAGES.tooManyAttempts);
    } finally {
      await api.stop();
    }
  });
});

describe('the portal requires a second factor (a store of its own: the setting applies to every account)', () => {
  let isolated: Awaited<ReturnType<typeof isolatedPostgresStore>>;
  let api: CommandApiUnderTest;
  let clock: { now: Date };
  beforeAll(async () => {
    isolated = await isolatedPostgresStore(POSTGRES_URL);
    ({ api, clock } = await apiWithClock({}, isolated.store));
  });
  afterAll(async () => {
    await api.stop();
    await isolated.dispose();
  });

  it('only an admin sets it; an admin or staff without a second factor then sets it up after the password and only then gets a session', async () => {
    const admin = await signedInUser(api, 'admin');
    const staff = await signedInUser(api, 'staff', { password: PASSWORD });
    const student = await signedInUser(api, 'student', { password: PASSWORD });
    expect((await api.request('PUT', '/api/admin/settings/security', { token: staff.token, body: { secondFactorRequired: true } })).status).toBe(403);
    const on = await api.request('PUT', '/api/admin/settings/security', { token: admin.token, body: { secondFactorRequired: true } });
    expect(on.status).toBe(200);
    expect((await api.deps.store.readStream(SECURITY_SETTINGS_STREAM)).map((event) => event.type)).toEqual(['SecondFactorRequirementChanged']);

    // A student signs in with the password alone.
    expect((await login(api, student.email)).body.token).toEqual(expect.any(String));

    const first = await login(api, staff.email);
    expect(first.body).toMatchObject({ secondFactor: 'enrol', message: SECOND_FACTOR_MESSAGES.enrolmentRequired });
    const challenge = challengeOf(first);
    // The enrolment challenge is no session and no code challenge.
    expect((await api.request('POST', '/api/auth/second-factor/setup', { token: challenge })).status).toBe(401);
    expect((await api.post('/api/auth/login/second-factor', { challenge, code: '123456' })).status).toBe(401);
    const setup = await api.post('/api/auth/login/second-factor/setup', { challenge });
    expect(setup.status).toBe(200);
    const secret = String(setup.body.secret);
    const done = await api.post('/api/auth/login/second-factor/confirm', { challenge, code: totpCodeAt(secret, clock.now) });
    expect(done.status).toBe(200);
    expect(done.body.token).toEqual(expect.any(String));
    expect(done.body.recoveryCodes).toHaveLength(10);
    const events = await api.deps.store.readStream(userStreamId(staff.id));
    expect(events.find((event) => event.type === 'SecondFactorEnrolled')!.metadata).toMatchObject({ actorId: staff.id });
    // From now on the password leads to the code.
    expect((await login(api, staff.email)).body).toMatchObject({ secondFactor: 'code' });

    const off = await api.request('PUT', '/api/admin/settings/security', { token: admin.token, body: { secondFactorRequired: false } });
    expect(off.body).toMatchObject({ secondFactorRequired: false });
  });
});
