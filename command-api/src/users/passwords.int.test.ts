/**
 * Forgot password, reset and password change through the real command-api and event store; and every
 * event that must end an account's sessions, each ending the tokens issued before it.
 */
import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_TOKEN_TTL_MS, userStreamId } from '@placement/domain';
import { INVALID_TOKEN_MESSAGE, passwordResetToken, userIdByEmail, verificationToken } from '@placement/platform';
import { eventsWrittenBy, signedInUser, startCommandApi, uniqueEmail, type CommandApiUnderTest, type Reply, type SignedInUser } from '../test-support';
import { AUTH_MESSAGES } from './views';

const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'another long passphrase';

describe('forgot password, reset and password change', () => {
  let api: CommandApiUnderTest;
  /** The command side's clock: tests move it to make links expire. */
  let clock = new Date();
  beforeAll(async () => {
    api = await startCommandApi({}, { deps: { now: () => clock } });
  });
  afterAll(() => api.stop());
  beforeEach(() => {
    clock = new Date();
  });

  const forgot = (email: string) => api.post('/api/auth/forgot-password', { email });
  const reset = (token: string, password = NEW_PASSWORD) => api.post('/api/auth/reset-password', { token, password });
  const login = (email: string, password: string) => api.post('/api/auth/login', { email, password });
  const eventsOf = async (userId: string) => api.deps.store.readStream(userStreamId(userId));

  /** The token of the newest reset link of an account, as the notifier puts it in the mail. */
  async function resetLinkToken(userId: string): Promise<string> {
    const requested = (await eventsOf(userId)).filter((event) => event.type === 'PasswordResetRequested').at(-1);
    if (!requested) throw new Error(`no reset was requested for ${userId}`);
    return passwordResetToken(api.deps.env.JWT_SECRET, userId, (requested.data as { expiresAt: string }).expiresAt);
  }

  async function aResetLink(user: Pick<SignedInUser, 'id' | 'email'>): Promise<string> {
    expect((await forgot(user.email)).status).toBe(200);
    return resetLinkToken(user.id);
  }

  /** What a client can compare between two replies: status and body, the position aside (it only grows). */
  const visible = (reply: Reply) => {
    const { position, ...rest } = reply.body;
    expect(position).toEqual(expect.any(Number));
    return { status: reply.status, body: rest };
  };

  describe('POST /api/auth/forgot-password', () => {
    it('answers alike for a verified account, an unverified one, a suspended one and an unknown address, and only accounts get a link', async () => {
      const verified = await signedInUser(api, 'student', { password: PASSWORD });
      const suspended = await signedInUser(api, 'staff', { password: PASSWORD, status: 'suspended' });
      const unverifiedEmail = uniqueEmail();
      expect((await api.post('/api/auth/register', { fullName: 'Asha Verma', rollNo: 'CS21-042', email: unverifiedEmail, password: PASSWORD })).status).toBe(201);
      const unknown = uniqueEmail();

      const since = await api.deps.store.headPosition();
      const addresses = [verified.email, unverifiedEmail, suspended.email, unknown, unknown.toUpperCase()];
      const replies = await Promise.all(addresses.map((email) => forgot(email)));
      expect(replies.map(visible)).toEqual(Array(addresses.length).fill({ status: 200, body: { message: AUTH_MESSAGES.resetRequested } }));

      const written = (await Promise.all(replies.map((reply) => eventsWrittenBy(api, reply, since)))).map((events) =>
        events.map((event) => [event.type, (event.data as { email: string }).email]),
      );
      expect(written).toEqual([
        [['PasswordResetRequested', verified.email]],
        [['PasswordResetRequested', unverifiedEmail]],
        [['PasswordResetRequested', suspended.email]],
        [],
        [],
      ]);
    });

    it('stores only the hash of the token, with an expiry 30 minutes after the request', async () => {
      const user = await signedInUser(api, 'student', { password: PASSWORD });
      clock = new Date('2030-01-01T10:00:00.000Z');
      const token = await aResetLink(user);
      const [requested] = (await eventsOf(user.id)).filter((event) => event.type === 'PasswordResetRequested');
      expect(requested!.data).toEqual({ userId: user.id, email: user.email, tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/), expiresAt: new Date(clock.getTime() + PASSWORD_RESET_TOKEN_TTL_MS).toISOString() });
      expect(JSON.stringify(requested)).not.toContain(token.split('.')[1]);
    });

    it('refuses a missing or malformed address with the field named, and writes nothing', async () => {
      const empty = await forgot('');
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual([{ field: 'email', message: 'Email is required' }]);
      expect((await forgot('not-an-address')).body.errors).toEqual([{ field: 'email', message: 'Please enter a valid email address.' }]);
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the new password: the old one no longer signs in, the new one does', async () => {
      const user = await signedInUser(api, 'student', { password: PASSWORD });
      const reply = await reset(await aResetLink(user));
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ message: AUTH_MESSAGES.passwordReset, position: expect.any(Number) });
      expect((await login(user.email, PASSWORD)).status).toBe(401);
      expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
      expect(JSON.stringify(await eventsOf(user.id))).not.toContain(NEW_PASSWORD);
    });

    it('works once: the same link again is refused, and so is any other link pending at the time', async () => {
      const user = await signedInUser(api, 'student', { password: PASSWORD });
      const first = await aResetLink(user);
      clock = new Date(clock.getTime() + 1000);
      const second = await aResetLink(user);
      expect((await reset(second)).status).toBe(200);
      for (const token of [second, first]) {
        const reused = await reset(token, 'yet another long passphrase');
        expect(reused.status).toBe(400);
        expect(reused.body.message).toBe('This password reset link has already been used. Please request a new one if you still need it.');
      }
      expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses a link from the moment it is 30 minutes old', async () => {
      const user = await signedInUser(api, 'student', { password: PASSWORD });
      const token = await aResetLink(user);
      clock = new Date(clock.getTime() + PASSWORD_RESET_TOKEN_TTL_MS);
      const expired = await reset(token);
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe('This password reset link has expired. Please request a new one.');
      expect((await login(user.email, PASSWORD)).status).toBe(200);
    });

    it('refuses a tampered token, a verification token, a token of an unknown account and garbage alike', async () => {
      const user = await signedInUser(api, 'student', { password: PASSWORD });
      const token = await aResetLink(user);
      const verification = verificationToken(api.deps.env.JWT_SECRET, user.id, new Date(Date.now() + 60_000).toISOString());
      const forged = passwordResetToken('another secret of forty characters or so', user.id, new Date(clock.getTime() + 60_000).toISOString());
      for (const wrong of [`${token.slice(0, -2)}xx`, verification, forged, `${randomUUID()}.abc`, 'garbage', `${token}.extra`]) {
        const reply = await reset(wrong);
        expect({ wrong, status: reply.status, message: reply.body.message }).toEqual({ wrong, status: 400, message: 'This password reset link is invalid. Please request a new one.' });
      }
      expect((await login(user.email, PASSWORD)).status).toBe(200);
      // The genuine link still works after all that.
      expect((await reset(token)).status).toBe(200);
    });

    it('applies the password policy, naming the field, and spends nothing', async () => {
      const user = await signedInUser(api, 'student', { password: PASSWORD });
      const token = await aResetLink(user);
      for (const [password, message] of [
        ['short', 'Password must be at least 12 characters.'],
        ['Password1234!', 'Password is too common or easy to guess. Please choose another.'],
        ['', 'Password is required'],
      ]) {
        const reply = await reset(token, password);
        expect(reply.status).toBe(400);
        expect(reply.body.errors).toEqual([{ field: 'password', message }]);
      }
      expect((await reset(token)).status).toBe(200);
    });

    it('verifies an unverified account: the owner of the address takes over an account someone else signed up with', async () => {
      const email = uniqueEmail();
      expect((await api.post('/api/auth/register', { fullName: 'Someone Else', rollNo: 'CS21-001', email, password: 'the squatters password' })).status).toBe(201);
      expect((await login(email, 'the squatters password')).status).toBe(403);
      const userId = (await userIdByEmail(api.deps.store, email))!;
      expect((await reset(await aResetLink({ id: userId, email }))).status).toBe(200);
      expect((await eventsOf(userId)).slice(-2).map((event) => event.type)).toEqual(['PasswordReset', 'EmailVerified']);
      expect((await login(email, 'the squatters password')).status).toBe(401);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe('POST /api/auth/change-password', () => {
    const change = (token: string, body: Record<string, unknown>) => api.request('POST', '/api/auth/change-password', { token, body });

    it('needs the current password, then answers a new session and ends the one it was asked with', async () => {
      const user = await signedInUser(api, 'student', { password: PASSWORD });
      const reply = await change(user.token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ message: AUTH_MESSAGES.passwordChanged, token: expect.any(String), user: { _id: user.id, role: 'student' }, position: expect.any(Number) });
      expect((await eventsOf(user.id)).at(-1)!.type).toBe('PasswordChanged');

      const old = await api.request('POST', '/api/profile/update', { token: user.token, body: {} });
      expect(old.status).toBe(401);
      expect(old.body.message).toBe(INVALID_TOKEN_MESSAGE);
      expect((await api.request('POST', '/api/profile/update', { token: String(reply.body.token), body: {} })).status).toBe(400);
      expect((await login(user.email, PASSWORD)).status).toBe(401);
      expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses a wrong current password beside its field, and changes nothing', async () => {
      const user = await signedInUser(api, 'staff', { password: PASSWORD });
      const since = await api.deps.store.headPosition();
      const reply = await change(user.token, { currentPassword: 'not the password', newPassword: NEW_PASSWORD });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ message: 'Current password is incorrect.', errors: [{ field: 'currentPassword', message: 'Current password is incorrect.' }] });
      expect(await eventsWrittenBy(api, reply, since)).toEqual([]);
      expect((await api.request('POST', '/api/auth/change-password', { token: user.token, body: {} })).status).toBe(400);
    });

    it('applies the password policy to the new password', async () => {
      const user = await signedInUser(api, 'admin', { password: PASSWORD });
      const reply = await change(user.token, { currentPassword: PASSWORD, newPassword: 'password1234' });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ field: 'newPassword', message: 'Password is too common or easy to guess. Please choose another.' }]);
    });

    it('asks a visitor to sign in', async () => {
      expect((await api.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
    });
  });
});

describe('sign-ins that end: every token issued before a session-ending event is refused', () => {
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  beforeAll(async () => {
    api = await startCommandApi({ LOGIN_ATTEMPTS_PER_15_MINUTES: '1000' });
    admin = await signedInUser(api, 'admin');
  });
  afterAll(() => api.stop());

  const asAdmin = (method: string, path: string, body?: unknown) => api.request(method, path, { token: admin.token, body });
  /** A request any signed-in account may make that passes authentication (an empty body then fails validation: 400). */
  const authenticated = (token: string) => api.request('POST', '/api/auth/change-password', { token, body: {} });
  const login = async (email: string, password: string) => api.post('/api/auth/login', { email, password });

  async function resetWithLink(user: SignedInUser): Promise<Reply> {
    await api.post('/api/auth/forgot-password', { email: user.email });
    const requested = (await api.deps.store.readStream(userStreamId(user.id))).filter((event) => event.type === 'PasswordResetRequested').at(-1)!;
    const token = passwordResetToken(api.deps.env.JWT_SECRET, user.id, (requested.data as { expiresAt: string }).expiresAt);
    return api.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
  }

  const EVENTS: [string, (user: SignedInUser) => Promise<Reply>, { password: string; loginStatus: number }][] = [
    ['a password change', (user) => api.request('POST', '/api/auth/change-password', { token: user.token, body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }), { password: NEW_PASSWORD, loginStatus: 200 }],
    ['a password reset', resetWithLink, { password: NEW_PASSWORD, loginStatus: 200 }],
    ['a suspension', (user) => asAdmin('PATCH', `/api/admin/users/${user.id}/status`, { status: 'suspended' }), { password: PASSWORD, loginStatus: 403 }],
    ['a deactivation', (user) => asAdmin('PATCH', `/api/admin/users/${user.id}/status`, { status: 'inactive' }), { password: PASSWORD, loginStatus: 403 }],
    ['a role change', (user) => asAdmin('PUT', `/api/admin/users/${user.id}/role`, { role: 'staff' }), { password: PASSWORD, loginStatus: 200 }],
    ['a role change through the edit form', (user) => asAdmin('PUT', `/api/admin/users/${user.id}`, { fullName: 'Test student', email: user.email, mobileNo: '', rollNo: 'R-1', role: 'admin', status: 'active' }), { password: PASSWORD, loginStatus: 200 }],
    ['the deletion', (user) => asAdmin('DELETE', `/api/admin/users/${user.id}`), { password: PASSWORD, loginStatus: 401 }],
  ];

  it.each(EVENTS)('%s', async (_label, end, after) => {
    const user = await signedInUser(api, 'student', { password: PASSWORD });
    // A second session of the same account, from a sign-in, besides the test's own token.
    const signedIn = await login(user.email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const sessions = [user.token, String(signedIn.body.token)];
    for (const token of sessions) expect((await authenticated(token)).status).toBe(400);

    const ended = await end(user);
    expect(ended.status).toBeLessThan(300);

    for (const token of sessions) {
      const refused = await authenticated(token);
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 401, message: INVALID_TOKEN_MESSAGE });
    }
    const fresh = await login(user.email, after.password);
    expect(fresh.status).toBe(after.loginStatus);
    if (after.loginStatus === 200) expect((await authenticated(String(fresh.body.token))).status).toBe(400);
  });

  it("leaves the sessions of an edit that changes neither role nor status, and of another account's events", async () => {
    const user = await signedInUser(api, 'student', { password: PASSWORD });
    const other = await signedInUser(api, 'student', { password: PASSWORD });
    expect((await asAdmin('PATCH', `/api/admin/users/${other.id}/status`, { status: 'suspended' })).status).toBe(200);
    expect((await asAdmin('PUT', `/api/admin/users/${user.id}`, { fullName: 'A New Name', email: user.email, mobileNo: '', rollNo: 'R-2', role: 'student', status: 'active' })).status).toBe(200);
    expect((await authenticated(user.token)).status).toBe(400);
  });
});
