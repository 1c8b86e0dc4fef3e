import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { authorize, type Action, type Caller } from '@placement/domain';
import { commandRoutes } from './app';
import { signedInUser, startCommandApi, type CommandApiUnderTest } from './test-support';

/** The spec's non-GET calls (section 7 of both files), at the spec's paths. */
const SPEC_CALLS = [
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/resend-verification',
  'POST /api/api/auth/verify-email',
  'POST /api/auth/verify-email',
  'POST /api/profile/update',
  'POST /api/applications',
  'POST /api/jobs',
  'POST /api/jobs/public',
  'POST /api/interview-experiences',
  'POST /api/admin/users',
  'PUT /api/admin/users/:id',
  'DELETE /api/admin/users/:id',
  'PUT /api/admin/users/:id/role',
  'PATCH /api/jobs/:id/status',
  'DELETE /api/jobs/:id',
  'POST /api/jobs/:id/notify',
  'PUT /api/jobs/:id',
  'PUT /applications/applications/:id',
  'DELETE /applications/applications/:id',
  'PUT /api/applications/:id',
  'POST /api/trainings',
  'PUT /api/trainings/:id',
  'DELETE /api/trainings/:id',
  'POST /api/email/templates',
  'POST /api/email/send',
  'PATCH /api/interview-experiences/:id',
  'DELETE /api/interview-experiences/:id',
];

type Who = Caller | 'another student' | 'suspended admin' | 'tampered token' | 'expired token' | 'token without expiry' | 'token without session version';
const EVERYONE: Who[] = ['visitor', 'student', 'another student', 'staff', 'admin', 'suspended admin', 'tampered token', 'expired token', 'token without expiry', 'token without session version'];

/** What the permission matrix says each caller must get: 401, 403, or through to the handler. */
function expectedFor(who: Who, action: Action): 401 | 403 | 'through' {
  if (who === 'tampered token' || who === 'expired token' || who === 'token without expiry' || who === 'token without session version') return 401;
  if (who === 'suspended admin') return 403;
  const caller: Caller = who === 'another student' ? 'student' : who;
  const decision = authorize(caller, action);
  return decision === 'allow' ? 'through' : decision === 'authenticate' ? 401 : 403;
}

const concrete = (path: string) => path.replace(/:(\w+)/g, (_match, name: string) => (name === 'token' ? 'abc.gif' : randomUUID()));

describe('authorization table: every caller against every command endpoint', () => {
  let api: CommandApiUnderTest;
  const tokens = new Map<Who, string | undefined>();

  beforeAll(async () => {
    api = await startCommandApi({ PUBLIC_SUBMISSIONS_PER_HOUR: '100000', LOGIN_ATTEMPTS_PER_15_MINUTES: '100000' });
    const secret = api.deps.env.JWT_SECRET;
    tokens.set('visitor', undefined);
    for (const role of ['student', 'staff', 'admin'] as const) tokens.set(role, (await signedInUser(api, role)).token);
    tokens.set('another student', (await signedInUser(api, 'student')).token);
    tokens.set('suspended admin', (await signedInUser(api, 'admin', { status: 'suspended' })).token);
    const admin = (await signedInUser(api, 'admin')).token;
    tokens.set('tampered token', `${admin.slice(0, -3)}abc`);
    tokens.set('expired token', jwt.sign({ role: 'admin', sv: 0 }, secret, { subject: randomUUID(), issuer: 'placement-portal', expiresIn: -10 }));
    // Signed with the right secret for a real admin, but good for ever: refused.
    tokens.set('token without expiry', jwt.sign({ role: 'admin', sv: 0 }, secret, { subject: (await signedInUser(api, 'admin')).id, issuer: 'placement-portal' }));
    // Signed with the right secret for a real admin, with an expiry, but no session version (it could not be ended): refused.
    tokens.set('token without session version', jwt.sign({ role: 'admin' }, secret, { subject: (await signedInUser(api, 'admin')).id, issuer: 'placement-portal', expiresIn: '1h' }));
  });
  afterAll(() => api.stop());

  it('declares every non-GET call of the spec', () => {
    const declared = commandRoutes(api.deps).flatMap((route) => route.paths.map((path) => `${route.method.toUpperCase()} ${path}`));
    expect(declared).toEqual(expect.arrayContaining(SPEC_CALLS));
  });

  it('answers each caller as the matrix says, on every path of every route', async () => {
    const rows: string[] = [];
    const mismatches: string[] = [];
    for (const route of commandRoutes(api.deps)) {
      for (const path of route.paths) {
        for (const who of EVERYONE) {
          const token = tokens.get(who);
          const response = await fetch(`${api.service.url}${concrete(path)}`, {
            method: route.method.toUpperCase(),
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.200.0.1', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            body: route.method === 'get' ? undefined : '{}',
          });
          await response.arrayBuffer();
          const expected = expectedFor(who, route.action);
          const ok = expected === 'through' ? response.status !== 401 && response.status !== 403 : response.status === expected;
          rows.push(`${route.method.toUpperCase()} ${path} ${who}: ${response.status}`);
          if (!ok) mismatches.push(`${route.method.toUpperCase()} ${path} as ${who}: expected ${expected}, got ${response.status}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(rows.length).toBeGreaterThan(SPEC_CALLS.length * EVERYONE.length);
  }, 120_000);

  it('changes nothing in the event store for any refused caller', async () => {
    const head = await api.deps.store.headPosition();
    const marker = `refused-${randomUUID()}`;
    const restricted = commandRoutes(api.deps).filter((route) => authorize('student', route.action) === 'forbid');
    for (const route of restricted) {
      for (const who of ['student', 'suspended admin', 'tampered token', 'expired token', 'token without expiry', 'token without session version'] as Who[]) {
        const response = await fetch(`${api.service.url}${concrete(route.paths[0]!)}`, {
          method: route.method.toUpperCase(),
          headers: { 'Content-Type': 'application/json', 'X-Correlation-Id': marker, Authorization: `Bearer ${tokens.get(who)}` },
          body: JSON.stringify({ status: 'approved', role: 'admin', ids: [randomUUID()] }),
        });
        expect([401, 403]).toContain(response.status);
        await response.arrayBuffer();
      }
    }
    const written = await api.deps.store.readAll({ fromPosition: head });
    expect(written.filter((event) => event.metadata.correlationId === marker)).toEqual([]);
  });
});
