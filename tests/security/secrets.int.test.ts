import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import { ensureLocalJwtSecret, JWT_SECRET_PATH } from '../../infra/local/secrets';
import { portalRequest, signInAtGateway, testClientAddress } from '../support/portal';

const PASSWORD = 'a passphrase nobody guesses';
/** The development secret an earlier version of this repository published as its default. */
const PUBLISHED_SECRET = 'local-development-secret-not-for-production-use';

// With the session version a real token of this admin carries, so that only the secret is wrong.
const forged = (secret: string, admin: SignedInUser) => jwt.sign({ role: 'admin', sv: 0 }, secret, { subject: admin.id, issuer: 'placement-portal', expiresIn: '1h' });

describe('the running stack signs tokens with a secret of its own', () => {
  const clientAddress = testClientAddress();
  let api: CommandApiUnderTest;
  let admin: SignedInUser;

  beforeAll(async () => {
    // Written to the same event store as the running stack's, so the stack knows this admin.
    api = await startCommandApi();
    admin = await signedInUser(api, 'admin', { fullName: 'Secret Keeper', password: PASSWORD });
  });
  afterAll(() => api?.stop());

  it("answers an admin's real session", async () => {
    const token = await signInAtGateway(admin.email, PASSWORD, clientAddress);
    expect((await portalRequest('GET', '/api/admin/users?limit=1', { token })).status).toBe(200);
  });

  it('refuses an admin token forged with the secret this repository once published', async () => {
    expect((await portalRequest('GET', '/api/admin/users?limit=1', { token: forged(PUBLISHED_SECRET, admin) })).status).toBe(401);
  });

  it("refuses an admin token signed with any secret but the stack's, the test suite's own included", async () => {
    expect((await portalRequest('GET', '/api/admin/users?limit=1', { token: forged(api.deps.env.JWT_SECRET, admin) })).status).toBe(401);
    expect((await portalRequest('GET', '/api/admin/users?limit=1', { token: forged(randomBytes(32).toString('hex'), admin) })).status).toBe(401);
  });

  it('keeps the secret in a file only its owner can read', () => {
    const { mode } = statSync(JWT_SECRET_PATH);
    expect((mode & 0o777).toString(8)).toBe('600');
    expect((statSync(join(JWT_SECRET_PATH, '..')).mode & 0o777).toString(8)).toBe('700');
  });
});

describe('the local secret file', () => {
  it('is made at random once and then kept', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'secrets-')), 'nested', 'jwt-secret');
    ensureLocalJwtSecret(file);
    const first = readFileSync(file, 'utf8');
    expect(first.trim().length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    ensureLocalJwtSecret(file);
    expect(readFileSync(file, 'utf8')).toBe(first);
    const other = join(mkdtempSync(join(tmpdir(), 'secrets-')), 'jwt-secret');
    ensureLocalJwtSecret(other);
    expect(readFileSync(other, 'utf8')).not.toBe(first);
  });
});
