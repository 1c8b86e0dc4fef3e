import { randomUUID } from 'node:crypto';
import { userStreamId } from '@placement/domain';
import {
  argon2Passwords,
  emailStreamOf,
  type PasswordHasher,
  userIdByEmail,
  verificationToken,
} from '@placement/platform';
import { startCommandApi, uniqueEmail, type CommandApiUnderTest } from '../test-support';
import { AUTH_MESSAGES } from './views';

describe('auth commands against the real event store', () => {
  let api: CommandApiUnderTest;
  // A link is signed over its expiry, a day after the command's clock: two links issued within one
  // millisecond would be the same link. The command-api's clock reads a millisecond later each time at
  // least, so a second link always differs, without waiting between the two.
  let lastReading = 0;
  const now = () => new Date((lastReading = Math.max(Date.now(), lastReading + 1)));
  beforeAll(async () => {
    api = await startCommandApi({}, { deps: { now } });
  });
  afterAll(() => api.stop());

  const register = (email: string, overrides: Record<string, unknown> = {}) =>
    api.post('/api/auth/register', { fullName: 'Asha Verma', email, password: 'correct horse battery', rollNo: 'CS21-042', ...overrides });

  async function linkTokenOf(email: string): Promise<string> {
    const userId = (await userIdByEmail(api.deps.store, email))!;
    const events = await api.deps.store.readStream(userStreamId(userId));
    const issued = events.filter((event) => event.type === 'VerificationTokenIssued').at(-1)!;
    return verificationToken(api.deps.env.JWT_SECRET, userId, (issued.data as { expiresAt: string }).expiresAt);
  }

  it('registers a student, records who did it, and answers with the position of the write', async () => {
    const email = uniqueEmail();
    const reply = await register(email);
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe(AUTH_MESSAGES.registered);
    expect(reply.body.position).toEqual(expect.any(Number));
    expect(reply.headers.get('x-consistency-position')).toBe(String(reply.body.position));
    const userId = (await userIdByEmail(api.deps.store, email))!;
    const events = await api.deps.store.readStream(userStreamId(userId));
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'VerificationTokenIssued']);
    expect(events[0]!.metadata).toMatchObject({ actorRole: 'visitor', correlationId: reply.headers.get('x-correlation-id') });
    expect(JSON.stringify(events)).not.toContain('correct horse battery');
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ email: 'someone@elsewhere.org' }, 'Email must belong to university.edu or gmail.com.'],
    [{ fullName: '' }, 'Full name is required'],
  ])('refuses %j with the spec message and writes nothing', async (overrides, message) => {
    const head = await api.deps.store.headPosition();
    const reply = await register(uniqueEmail(), overrides);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  /** What a client can compare between two replies: the status and the body, the position aside (it only grows). */
  const visible = (reply: { status: number; body: Record<string, unknown> }) => {
    const { position, ...rest } = reply.body;
    expect(position).toEqual(expect.any(Number));
    return { status: reply.status, body: rest };
  };

  it('answers a second sign-up with a taken address, in any letter case, exactly as a new one, and makes no second account', async () => {
    const email = uniqueEmail();
    const first = await register(email);
    const owner = await userIdByEmail(api.deps.store, email);
    const again = await register(email.toUpperCase(), { fullName: 'Someone Else', password: 'another long password' });
    expect(visible(again)).toEqual(visible(first));
    expect(visible(again)).toEqual({ status: 201, body: { message: AUTH_MESSAGES.registered } });
    expect(Number(again.body.position)).toBeGreaterThanOrEqual(Number(first.body.position));
    expect(await userIdByEmail(api.deps.store, email)).toBe(owner);
    expect((await api.deps.store.readStream(emailStreamOf(email))).map((event) => event.type)).toEqual(['EmailClaimed']);
  });

  it("gives the owner of an unverified account a new link on a second sign-up, and keeps the first one working", async () => {
    const email = uniqueEmail();
    await register(email);
    const firstLink = await linkTokenOf(email);
    await register(email);
    const owner = (await userIdByEmail(api.deps.store, email))!;
    const types = (await api.deps.store.readStream(userStreamId(owner))).map((event) => event.type);
    expect(types).toEqual(['UserRegistered', 'VerificationTokenIssued', 'VerificationTokenIssued']);
    expect((await api.post('/api/auth/verify-email', { token: firstLink })).status).toBe(200);
  });

  it('tells the owner of a verified account by mail (an event for the notifier) when someone signs up with the address', async () => {
    const email = uniqueEmail();
    await register(email);
    await api.post('/api/auth/verify-email', { token: await linkTokenOf(email) });
    const owner = (await userIdByEmail(api.deps.store, email))!;
    expect((await register(email)).status).toBe(201);
    expect((await register(email)).status).toBe(201);
    const events = await api.deps.store.readStream(userStreamId(owner));
    // The second attempt within the hour mails nobody.
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'VerificationTokenIssued', 'EmailVerified', 'RegistrationAttempted']);
    expect(events.at(-1)!.data).toMatchObject({ userId: owner, email });
    expect((await api.post('/api/auth/login', { email, password: 'correct horse battery' })).status).toBe(200);
  });

  it('makes exactly one account of 10 concurrent sign-ups with one e-mail, answering each alike', async () => {
    const email = uniqueEmail();
    const replies = await Promise.all(Array.from({ length: 10 }, () => register(email)));
    expect(new Set(replies.map((reply) => JSON.stringify(visible(reply))))).toEqual(new Set([JSON.stringify({ status: 201, body: { message: AUTH_MESSAGES.registered } })]));
    const claims = await api.deps.store.readStream(emailStreamOf(email));
    expect(claims.map((event) => event.type)).toEqual(['EmailClaimed']);
  });

  it('refuses a common password, or fewer than 12 characters, naming the field, and writes nothing', async () => {
    for (const [password, message] of [
      ['password', 'Password must be at least 12 characters.'],
      ['        ', 'Password must be at least 12 characters.'],
      ['Password1234!', 'Password is too common or easy to guess. Please choose another.'],
      ['1q2w3e4r5t6y', 'Password is too common or easy to guess. Please choose another.'],
      [' '.repeat(12), 'Password is too common or easy to guess. Please choose another.'],
    ]) {
      const reply = await register(uniqueEmail(), { password });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ field: 'password', message }]);
    }
  });

  it('does not log in before verification, verifies once on either path, then logs in', async () => {
    const email = uniqueEmail('gmail.com');
    await register(email);
    const early = await api.post('/api/auth/login', { email, password: 'correct horse battery' });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Please verify your email before logging in.');

    const token = await linkTokenOf(email);
    const verified = await api.post('/api/api/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: AUTH_MESSAGES.verified, token: expect.any(String), user: { email, role: 'student' } });

    const reused = await api.post('/api/auth/verify-email', { token });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This verification link has already been used. Please log in.');

    const login = await api.post('/api/auth/login', { email, password: 'correct horse battery' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ token: expect.any(String), user: { role: 'student', fullName: 'Asha Verma' } });
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const email = uniqueEmail();
    await register(email);
    await api.post('/api/auth/verify-email', { token: await linkTokenOf(email) });
    const wrong = await api.post('/api/auth/login', { email, password: 'wrong password' });
    const unknown = await api.post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(unknown.body.message).toBe('Invalid email or password');
  });

  it('issues a new link on resend and keeps the pending one working until one of them is used', async () => {
    const email = uniqueEmail();
    await register(email);
    const oldToken = await linkTokenOf(email);
    const resent = await api.post('/api/auth/resend-verification', { email });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(AUTH_MESSAGES.verificationSent);
    const newToken = await linkTokenOf(email);
    expect(newToken).not.toBe(oldToken);
    expect((await api.post('/api/auth/verify-email', { token: oldToken })).status).toBe(200);
    const spent = await api.post('/api/auth/verify-email', { token: newToken });
    expect(spent.status).toBe(400);
    expect(spent.body.message).toBe('This verification link has already been used. Please log in.');
  });

  it('answers resend alike for an unverified account, a verified one and an unknown address, and writes only for the first', async () => {
    const unverified = uniqueEmail();
    const verified = uniqueEmail();
    await register(unverified);
    await register(verified);
    await api.post('/api/auth/verify-email', { token: await linkTokenOf(verified) });
    const since = await api.deps.store.headPosition();
    const replies = await Promise.all([unverified, verified, uniqueEmail()].map((email) => api.post('/api/auth/resend-verification', { email })));
    expect(replies.map(visible)).toEqual(Array(3).fill({ status: 200, body: { message: AUTH_MESSAGES.verificationSent } }));
    const written = (await api.deps.store.readAll({ fromPosition: since })).filter((event) => replies.some((reply) => reply.headers.get('x-correlation-id') === event.metadata.correlationId));
    expect(written.map((event) => [event.type, (event.data as { email: string }).email])).toEqual([['VerificationTokenIssued', unverified]]);
  });

  it('rejects tampered and malformed verification tokens', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = await linkTokenOf(email);
    const tampered = `${token.slice(0, -2)}xx`;
    expect((await api.post('/api/auth/verify-email', { token: tampered })).body.message).toBe('Invalid verification link');
    expect((await api.post('/api/auth/verify-email', { token: 'garbage' })).body.message).toBe('Invalid verification link');
    expect((await api.post('/api/auth/verify-email', {})).body.message).toBe('Invalid verification link');
    expect((await api.post('/api/auth/verify-email', { token: `${randomUUID()}.abc` })).status).toBe(404);
  });

  it('answers 400 to malformed JSON and resend without an e-mail', async () => {
    expect((await api.post('/api/auth/login', '{"email":')).status).toBe(400);
    const resend = await api.post('/api/auth/resend-verification', {});
    expect(resend.status).toBe(400);
    expect(resend.body.message).toBe('Please enter your email address first.');
  });

  it('serves the OpenAPI document with every auth path', async () => {
    const document = (await (await fetch(`${api.service.url}/api/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/verify-email', '/api/api/auth/verify-email', '/api/auth/resend-verification']),
    );
  });
});

describe('login for an address without an account', () => {
  let api: CommandApiUnderTest;
  const checked: string[] = [];
  beforeAll(async () => {
    // Counts every password check, and against which hash: timing is not asserted, the work is.
    const passwords: PasswordHasher = {
      hash: (password) => argon2Passwords.hash(password),
      matches: (hash, password) => {
        checked.push(hash);
        return argon2Passwords.matches(hash, password);
      },
    };
    api = await startCommandApi({}, { deps: { passwords } });
  });
  afterAll(() => api.stop());

  it('checks the password against a dummy argon2id hash, as much work as for a known address', async () => {
    const email = uniqueEmail();
    await api.post('/api/auth/register', { fullName: 'Asha Verma', email, password: 'correct horse battery', rollNo: 'CS21-042' });
    checked.length = 0;
    const known = await api.post('/api/auth/login', { email, password: 'wrong password here' });
    const unknown = await api.post('/api/auth/login', { email: uniqueEmail(), password: 'wrong password here' });
    const unknownAgain = await api.post('/api/auth/login', { email: uniqueEmail(), password: 'another wrong one' });
    expect([known.status, unknown.status, unknownAgain.status]).toEqual([401, 401, 401]);
    // Alike but for the correlation id, which names each request.
    expect({ ...unknown.body, correlationId: null }).toEqual({ ...known.body, correlationId: null });
    expect(checked).toHaveLength(3);
    expect(checked.every((hash) => hash.startsWith('$argon2id$'))).toBe(true);
    // The two unknown addresses were checked against one dummy hash, made once.
    expect(checked[1]).toBe(checked[2]);
    expect(checked[1]).not.toBe(checked[0]);
  });
});
