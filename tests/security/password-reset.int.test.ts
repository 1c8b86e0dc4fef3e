/**
 * Forgot password through the running stack's gateway, as an attacker sees it: the reply does not
 * tell whether an address has an account, a mailed link works once, and a link that was not mailed
 * (tampered, or made with another secret) is refused. The expiry is tested with an injected clock in
 * command-api/src/users/passwords.int.test.ts; the session ends in tests/e2e/password-reset.e2e.test.ts.
 */
import { passwordResetToken } from '@placement/platform';
import { signedInUser, startCommandApi, uniqueEmail, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { mailsTo } from '../support/journey';
import { portalRequest, testClientAddress } from '../support/portal';

const PASSWORD = 'a passphrase nobody guesses';
const INVALID_LINK = 'This password reset link is invalid. Please request a new one.';

describe('forgot password at the gateway', () => {
  const clientAddress = testClientAddress();
  let api: CommandApiUnderTest;
  let owner: SignedInUser;

  beforeAll(async () => {
    // Written to the same event store as the running stack's, so the stack knows this account.
    api = await startCommandApi();
    owner = await signedInUser(api, 'student', { password: PASSWORD });
  });
  afterAll(() => api?.stop());

  const forgot = (email: string) => portalRequest<Record<string, unknown>>('POST', '/api/auth/forgot-password', { body: { email }, clientAddress });
  const reset = (token: string, password: string) => portalRequest<{ message?: string }>('POST', '/api/auth/reset-password', { body: { token, password }, clientAddress });

  it('answers a known address and an unknown one with the same status and body', async () => {
    const [known, unknown] = [await forgot(owner.email), await forgot(uniqueEmail())];
    const visible = ({ status, body }: { status: number; body: Record<string, unknown> }) => ({ status, body: { ...body, position: typeof body.position } });
    expect(visible(known)).toEqual(visible(unknown));
    expect(visible(known)).toEqual({ status: 200, body: { message: expect.stringContaining('If an account exists for this email'), position: 'number' } });
  });

  it('sets the password once with the mailed link, and refuses it the second time', async () => {
    const [mail] = await mailsTo(owner.email, 'Reset your Placement Portal password');
    const token = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mail!.text ?? '')![0]).searchParams.get('token')!;
    expect((await reset(token, 'the first new passphrase')).status).toBe(200);
    const reused = await reset(token, 'the second new passphrase');
    expect({ status: reused.status, message: reused.body.message }).toEqual({
      status: 400,
      message: 'This password reset link has already been used. Please request a new one if you still need it.',
    });
    expect((await portalRequest('POST', '/api/auth/login', { body: { email: owner.email, password: 'the first new passphrase' }, clientAddress })).status).toBe(200);
  }, 60_000);

  it('refuses a tampered link and one signed with any secret but the stack’s', async () => {
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    // The test suite's own secret is not the stack's: a link made with it is a forgery there.
    const forged = passwordResetToken(api.deps.env.JWT_SECRET, owner.id, expiresAt);
    for (const token of [forged, `${forged.slice(0, -2)}xx`, `${owner.id}.`, 'not-a-token']) {
      const refused = await reset(token, 'a forged new passphrase');
      expect({ token, status: refused.status, message: refused.body.message }).toEqual({ token, status: 400, message: INVALID_LINK });
    }
  });
});
