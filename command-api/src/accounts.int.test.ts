import { randomUUID } from 'node:crypto';
import { CLAIM_ABANDONED_AFTER_MS, CLAIM_COMPLETION_LIMIT_MS, EMAIL_CLAIM_EVENT_VERSIONS, emailClaimDecider, userStreamId } from '@placement/domain';
import { createEventStore, emailStreamOf, loadEnv, runCommand, userIdByEmail, type EventStore } from '@placement/platform';
import { signedInUser, startCommandApi, uniqueEmail, type CommandApiUnderTest, type SignedInUser } from './test-support';

/**
 * An account is made in two appends, the address's claim and then the account. These tests break
 * the request between the two (a store that refuses the account's append once, a clock that jumps,
 * a claim left by a request that died) and check that the address is never lost to its owner.
 */

const isAccountStream = (streamId: string) => streamId.startsWith('user-') && !streamId.startsWith('user-email-');

/** The real store, except that the next append to an account's stream fails once (as a value the store cannot hold made it fail). */
function failingAccountAppendOnce(store: EventStore): EventStore & { arm: () => void; failed: () => number } {
  let armed = false;
  let failures = 0;
  return Object.assign(Object.create(store) as EventStore, {
    append: async (...args: Parameters<EventStore['append']>) => {
      if (armed && isAccountStream(args[0])) {
        armed = false;
        failures += 1;
        throw new Error('injected failure: the store refused the account append');
      }
      return store.append(...args);
    },
    arm: () => {
      armed = true;
    },
    failed: () => failures,
  });
}

const registration = (email: string) => ({ fullName: 'Asha Verma', email, password: 'correct horse battery', rollNo: 'CS21-042' });
const newStaff = (email: string) => ({ fullName: 'Meera Iyer', email, password: 'correct horse battery', role: 'staff', status: 'active' });

describe('a failure between the e-mail claim and the account', () => {
  let realStore: EventStore;
  let store: ReturnType<typeof failingAccountAppendOnce>;
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  beforeAll(async () => {
    realStore = await createEventStore(loadEnv({ ...process.env, LOG_LEVEL: 'silent' }));
    store = failingAccountAppendOnce(realStore);
    api = await startCommandApi({}, { store });
    admin = await signedInUser(api, 'admin');
  });
  afterAll(async () => {
    await api.stop();
    await realStore.close();
  });

  const claimsOf = async (email: string) => (await realStore.readStream(emailStreamOf(email))).map((event) => event.type);

  it('releases the claim of a self-registration, so the address can register again', async () => {
    const email = uniqueEmail();
    store.arm();
    const failed = await api.post('/api/auth/register', registration(email));
    expect(store.failed()).toBe(1);
    expect(failed.status).toBe(500);
    expect(await claimsOf(email)).toEqual(['EmailClaimed', 'EmailReleased']);
    expect(await userIdByEmail(realStore, email)).toBeUndefined();

    const again = await api.post('/api/auth/register', registration(email));
    expect(again.status).toBe(201);
    const userId = await userIdByEmail(realStore, email);
    expect((await realStore.readStream(userStreamId(userId!))).map((event) => event.type)).toEqual(['UserRegistered', 'VerificationTokenIssued']);
  });

  it("releases the claim of an admin's create-user, so the admin (or the owner) can create it again", async () => {
    const email = uniqueEmail();
    store.arm();
    const failed = await api.request('POST', '/api/admin/users', { token: admin.token, body: newStaff(email) });
    expect(failed.status).toBe(500);
    expect(await claimsOf(email)).toEqual(['EmailClaimed', 'EmailReleased']);

    const again = await api.request('POST', '/api/admin/users', { token: admin.token, body: newStaff(email) });
    expect(again.status).toBe(201);
    expect(await userIdByEmail(realStore, email)).toBe((again.body.user as { _id: string })._id);
    expect((await api.post('/api/auth/register', registration(email))).status).toBe(201);
    expect(await userIdByEmail(realStore, email)).toBe((again.body.user as { _id: string })._id);
  });
});

describe('a claim left behind by a request that died between its two appends', () => {
  let api: CommandApiUnderTest;
  let admin: SignedInUser;
  beforeAll(async () => {
    api = await startCommandApi();
    admin = await signedInUser(api, 'admin');
  });
  afterAll(() => api.stop());

  /** What a process killed after its claim leaves: a claim, `ageMs` old, for an account that never came to be. */
  async function orphanClaim(email: string, ageMs: number): Promise<string> {
    const claimant = randomUUID();
    await runCommand(api.deps.store, {
      streamId: emailStreamOf(email),
      decider: emailClaimDecider,
      versions: EMAIL_CLAIM_EVENT_VERSIONS,
      command: { type: 'ClaimEmail', userId: claimant },
      context: { now: new Date(Date.now() - ageMs), actor: { id: null, role: 'visitor' } },
      causation: { correlationId: `test-${randomUUID()}`, causationId: null },
    });
    return claimant;
  }

  it('is taken over by the next sign-up once it is abandoned', async () => {
    const email = uniqueEmail();
    const claimant = await orphanClaim(email, CLAIM_ABANDONED_AFTER_MS + 1000);
    expect((await api.post('/api/auth/register', registration(email))).status).toBe(201);
    const owner = await userIdByEmail(api.deps.store, email);
    expect(owner).not.toBe(claimant);
    expect((await api.deps.store.readStream(userStreamId(owner!))).map((event) => event.type)).toEqual(['UserRegistered', 'VerificationTokenIssued']);
    const claims = await api.deps.store.readStream(emailStreamOf(email));
    expect(claims.map((event) => [event.type, (event.data as { userId: string }).userId])).toEqual([
      ['EmailClaimed', claimant],
      ['EmailReleased', claimant],
      ['EmailClaimed', owner],
    ]);
  });

  it("is taken over by an admin's create-user once it is abandoned", async () => {
    const email = uniqueEmail();
    await orphanClaim(email, CLAIM_ABANDONED_AFTER_MS + 1000);
    const created = await api.request('POST', '/api/admin/users', { token: admin.token, body: newStaff(email) });
    expect(created.status).toBe(201);
    expect(await userIdByEmail(api.deps.store, email)).toBe((created.body.user as { _id: string })._id);
  });

  it('is left alone while its request may still be creating the account', async () => {
    const email = uniqueEmail();
    const claimant = await orphanClaim(email, CLAIM_COMPLETION_LIMIT_MS);
    expect((await api.post('/api/auth/register', registration(email))).status).toBe(201);
    expect(await userIdByEmail(api.deps.store, email)).toBe(claimant);
    const refused = await api.request('POST', '/api/admin/users', { token: admin.token, body: newStaff(email) });
    expect(refused.status).toBe(409);
  });
});

describe('a request that would create the account too long after its claim', () => {
  let api: CommandApiUnderTest;
  let jump = 0;
  beforeAll(async () => {
    // A clock that moves past the completion limit between the claim and the account.
    api = await startCommandApi({}, { deps: { now: () => new Date(Date.now() + jump) } });
  });
  afterAll(() => api.stop());

  it('releases the claim instead of creating the account', async () => {
    const email = uniqueEmail();
    const original = api.deps.store.append.bind(api.deps.store);
    api.deps.store.append = async (...args) => {
      const result = await original(...args);
      if (args[0].startsWith('user-email-')) jump += CLAIM_COMPLETION_LIMIT_MS + 1000;
      return result;
    };
    try {
      expect((await api.post('/api/auth/register', registration(email))).status).toBe(500);
    } finally {
      api.deps.store.append = original;
    }
    expect((await api.deps.store.readStream(emailStreamOf(email))).map((event) => event.type)).toEqual(['EmailClaimed', 'EmailReleased']);
    expect((await api.post('/api/auth/register', registration(email))).status).toBe(201);
    expect(await userIdByEmail(api.deps.store, email)).toEqual(expect.any(String));
  });
});
