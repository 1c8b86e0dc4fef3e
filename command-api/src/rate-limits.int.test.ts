import { RateLimitStoreUnavailable, type RateCounters } from '@placement/platform';
import { startCommandApi, uniqueEmail, type CommandApiUnderTest } from './test-support';

/**
 * Login lockouts and submission limits against the real shared counters (MongoDB, FerretDB locally):
 * three failed logins per client and e-mail are allowed here, the fourth is refused.
 */
const LIMITS = { LOGIN_ATTEMPTS_PER_15_MINUTES: '3' };
const TOO_MANY = 'Too many login attempts. Please wait a few minutes and try again.';

/** A client address of this test alone (a documentation range, never a real peer). */
const someClient = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

const login = (api: CommandApiUnderTest, email: string, client: string) => api.post('/api/auth/login', { email, password: 'not the password' }, { 'X-Forwarded-For': client });

describe('login lockouts', () => {
  let first: CommandApiUnderTest;
  let second: CommandApiUnderTest;
  beforeAll(async () => {
    // Two replicas, each with its own connection to the shared counters.
    [first, second] = await Promise.all([startCommandApi(LIMITS), startCommandApi(LIMITS)]);
  });
  afterAll(() => Promise.all([first.stop(), second.stop()]));

  it('count an address however it is spelled: padding and letter case do not start a new count', async () => {
    const email = uniqueEmail();
    const client = someClient();
    for (const spelling of [email, ` ${email.toUpperCase()} `, `${email}  `]) expect((await login(first, spelling, client)).status).toBe(401);
    const refused = await login(first, `\t${email}`, client);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY);
  });

  it('are shared by every replica', async () => {
    const email = uniqueEmail();
    const client = someClient();
    expect((await login(first, email, client)).status).toBe(401);
    expect((await login(second, email, client)).status).toBe(401);
    expect((await login(first, email, client)).status).toBe(401);
    expect((await login(second, email, client)).status).toBe(429);
  });

  it('count per client: the owner elsewhere is not locked out by a stranger', async () => {
    const email = uniqueEmail();
    const stranger = someClient();
    for (let attempt = 0; attempt < 4; attempt += 1) await login(first, email, stranger);
    expect((await login(first, email, stranger)).status).toBe(429);
    expect((await login(first, email, `203.0.113.${Math.floor(Math.random() * 250) + 1}`)).status).toBe(401);
  });
});

describe('the client address of a limit', () => {
  let untrusting: CommandApiUnderTest;
  beforeAll(async () => {
    // The gateway is elsewhere: this test's own requests come from a peer that is not it.
    untrusting = await startCommandApi({ ...LIMITS, TRUSTED_PROXIES: '192.0.2.1' });
  });
  afterAll(() => untrusting.stop());

  it('is the peer, whatever X-Forwarded-For says, unless the peer is the gateway', async () => {
    const email = uniqueEmail();
    for (const claimed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await login(untrusting, email, claimed)).status).toBe(401);
    expect((await login(untrusting, email, '198.51.100.4')).status).toBe(429);
  });
});

describe('counters that cannot be reached', () => {
  let api: CommandApiUnderTest;
  beforeAll(async () => {
    const down = (): never => {
      throw new RateLimitStoreUnavailable(new Error('connection refused'));
    };
    const unreachable: RateCounters = { increment: async () => down(), decrement: async () => down(), reset: async () => down(), get: async () => down() };
    api = await startCommandApi(LIMITS, { deps: { rateCounters: unreachable } });
  });
  afterAll(() => api.stop());

  it('refuse the request with 503 and Retry-After, never let it through uncounted', async () => {
    const reply = await login(api, uniqueEmail(), someClient());
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('5');
    expect(reply.body.message).toBe('The service is busy. Please try again in a few seconds.');
  });
});
