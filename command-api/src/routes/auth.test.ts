import { randomUUID } from 'node:crypto';
import { userStreamId } from '@placement/domain';
import {
  emailStreamOf,
  userIdByEmail,
  verificationToken,
} from '@placement/platform';
import { startCommandApi, uniqueEmail, type CommandApiUnderTest } from '../test-support';
import { AUTH_MESSAGES } from './auth';

describe('auth commands against the real event store', () => {
  let api: CommandApiUnderTest;
  beforeAll(async () => {
    api = await startCommandApi();
  });
  afterAll(() => api.stop());

  const register = (email: string, overrides: Record<string, unknown> = {}) =>
    api.post('/api/auth/register', { fullName: 'Asha Verma', email, password: 'correct horse', rollNo: 'CS21-042', ...overrides });

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
    expect(JSON.stringify(events)).not.toContain('correct horse');
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

  it('refuses a second account for the same e-mail, in any letter case', async () => {
    const email = uniqueEmail();
    expect((await register(email)).status).toBe(201);
    const again = await register(email.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this email already exists.');
  });

  it('lets exactly one of 10 concurrent sign-ups with one e-mail through', async () => {
    const email = uniqueEmail();
    const replies = await Promise.all(Array.from({ length: 10 }, () => register(email)));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(9);
    const claims = await api.deps.store.readStream(emailStreamOf(email));
    expect(claims.map((event) => event.type)).toEqual(['EmailClaimed']);
  });

  it('does not log in before verification, verifies once on either path, then logs in', async () => {
    const email = uniqueEmail('gmail.com');
    await register(email);
    const early = await api.post('/api/auth/login', { email, password: 'correct horse' });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Please verify your email before logging in.');

    const token = await linkTokenOf(email);
    const verified = await api.post('/api/api/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: AUTH_MESSAGES.verified, token: expect.any(String), user: { email, role: 'student' } });

    const reused = await api.post('/api/auth/verify-email', { token });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This verification link has already been used. Please log in.');

    const login = await api.post('/api/auth/login', { email, password: 'correct horse' });
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

  it('issues a new link on resend, and the old link stops working', async () => {
    const email = uniqueEmail();
    await register(email);
    const oldToken = await linkTokenOf(email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const resent = await api.post('/api/auth/resend-verification', { email });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(AUTH_MESSAGES.verificationSent);
    const newToken = await linkTokenOf(email);
    expect(newToken).not.toBe(oldToken);
    expect((await api.post('/api/auth/verify-email', { token: oldToken })).status).toBe(400);
    expect((await api.post('/api/auth/verify-email', { token: newToken })).status).toBe(200);
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
