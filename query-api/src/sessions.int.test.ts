/**
 * The read side ends sessions as the write side does: a token issued before a password change or
 * reset, a suspension, a deactivation, a role change or the deletion of its account is refused by the
 * real query-api on its next request (its account lookup reads the session version from the event store).
 */
import { userStreamId } from '@placement/domain';
import { INVALID_TOKEN_MESSAGE, passwordResetToken } from '@placement/platform';
import { signedInUser, startCommandApi, type CommandApiUnderTest, type Reply, type SignedInUser } from '../../command-api/src/test-support';
import { startQueryApi, type QueryApiUnderTest } from './test-support';

const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'another long passphrase';

describe('the query-api refuses every token issued before a session-ending event', () => {
  let command: CommandApiUnderTest;
  let query: QueryApiUnderTest;
  let admin: SignedInUser;

  beforeAll(async () => {
    command = await startCommandApi({ LOGIN_ATTEMPTS_PER_15_MINUTES: '1000' });
    query = await startQueryApi();
    admin = await signedInUser(command, 'admin');
  });
  afterAll(async () => {
    await query?.stop();
    await command?.stop();
  });

  const asAdmin = (method: string, path: string, body?: unknown) => command.request(method, path, { token: admin.token, body });
  // A public list: any valid token (or none) reads it; a token that is not valid any more is refused.
  const read = (token: string) => query.get('/api/trainings', { token });
  const login = (email: string, password: string) => command.post('/api/auth/login', { email, password });

  async function resetWithLink(user: SignedInUser): Promise<Reply> {
    await command.post('/api/auth/forgot-password', { email: user.email });
    const requested = (await command.deps.store.readStream(userStreamId(user.id))).filter((event) => event.type === 'PasswordResetRequested').at(-1)!;
    const token = passwordResetToken(command.deps.env.JWT_SECRET, user.id, (requested.data as { expiresAt: string }).expiresAt);
    return command.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
  }

  it.each<[string, (user: SignedInUser) => Promise<Reply>, string | null]>([
    ['a password change', (user) => command.request('POST', '/api/auth/change-password', { token: user.token, body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }), NEW_PASSWORD],
    ['a password reset', resetWithLink, NEW_PASSWORD],
    ['a suspension', (user) => asAdmin('PATCH', `/api/admin/users/${user.id}/status`, { status: 'suspended' }), null],
    ['a deactivation', (user) => asAdmin('PATCH', `/api/admin/users/${user.id}/status`, { status: 'inactive' }), null],
    ['a role change', (user) => asAdmin('PUT', `/api/admin/users/${user.id}/role`, { role: 'admin' }), PASSWORD],
    ['the deletion', (user) => asAdmin('DELETE', `/api/admin/users/${user.id}`), null],
  ])('%s', async (_label, end, passwordAfter) => {
    const user = await signedInUser(command, 'student', { password: PASSWORD });
    expect((await read(user.token)).status).toBe(200);

    expect((await end(user)).status).toBeLessThan(300);

    const refused = await read(user.token);
    expect({ status: refused.status, message: (refused.body as { message?: string }).message }).toEqual({ status: 401, message: INVALID_TOKEN_MESSAGE });
    if (passwordAfter !== null) {
      const fresh = await login(user.email, passwordAfter);
      expect(fresh.status).toBe(200);
      expect((await read(String(fresh.body.token))).status).toBe(200);
    }
  });
});
