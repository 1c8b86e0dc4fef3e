import http from 'node:http';
import { LOCAL_DEFAULTS } from '../platform/src/config/local-stack';

const gateway = LOCAL_DEFAULTS.PUBLIC_URL;

const servedBy = async (path: string, method = 'GET') => {
  const response = await fetch(`${gateway}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' });
  return response.headers.get('x-served-by');
};

describe('gateway: one origin for the frontend and every API', () => {
  it('serves the built single-page app at / and for any client-side route', async () => {
    for (const path of ['/', '/job-listings', '/admin-panel/interview-experiences', '/auth-Container']) {
      const response = await fetch(`${gateway}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('sends reads to query-api and commands to command-api', async () => {
    expect(await servedBy('/api/jobs?page=1')).toBe('query-api');
    expect(await servedBy('/api/jobs', 'POST')).toBe('command-api');
    expect(await servedBy('/api/jobs/abc/status', 'PATCH')).toBe('command-api');
    expect(await servedBy('/api/trainings/abc', 'DELETE')).toBe('command-api');
    expect(await servedBy('/api/admin/users/abc', 'PUT')).toBe('command-api');
  });

  it('routes the spec paths that live outside /api', async () => {
    expect(await servedBy('/applications/jobs')).toBe('query-api');
    expect(await servedBy('/applications/applications/abc', 'PUT')).toBe('command-api');
    expect(await servedBy('/applications/applications/abc', 'DELETE')).toBe('command-api');
    expect(await servedBy('/profile/user/abc')).toBe('query-api');
    expect(await servedBy('/uploads/resumes/abc.pdf')).toBe('query-api');
  });

  it('keeps the API description and the open-tracking pixel on command-api', async () => {
    expect(await servedBy('/api/openapi.json')).toBe('command-api');
    expect(await servedBy('/api/email/track/abc.gif')).toBe('command-api');
  });

  it('sends the dead letters to the notifier, which answers them for admins only', async () => {
    const response = await fetch(`${gateway}/api/dead-letters`);
    expect(response.status).toBe(401);
    expect(response.headers.get('x-served-by')).toBe('notifier');
  });

  it('reaches the ATS engine at /ats/analyze, which answers only signed-in students', async () => {
    const response = await fetch(`${gateway}/ats/analyze`, { method: 'POST', body: new FormData() });
    expect(response.headers.get('x-served-by')).toBe('ats-engine');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 401, message: 'Authentication required', success: false, error: 'Authentication required' });
  });

  it.each(['/ats/health', '/ats/ready', '/ats/metrics', '/ats/', '/ats/analyze/x'])(
    "does not route the ATS engine's operational endpoint %s (404, from the gateway)",
    async (path) => {
      const response = await fetch(`${gateway}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-served-by')).toBeNull();
    },
  );

  it.each(['/ats/analyze/%2e%2e/metrics', '/ats/%2e%2e/ats/health', '/ats/analyze%2f..%2fmetrics'])('does not reach the engine with %s', async (path) => {
    const response = await fetch(`${gateway}${path}`);
    expect(response.headers.get('x-served-by')).not.toBe('ats-engine');
    expect(await response.text()).not.toMatch(/ats_analyses_total|"service":"ats-engine"/);
  });

  describe('security headers', () => {
    const SPA_POLICY = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ];
    const headersOf = async (path: string, init?: RequestInit) => {
      const response = await fetch(`${gateway}${path}`, init);
      await response.arrayBuffer();
      return response.headers;
    };
    const directives = (policy: string | null) => (policy ?? '').split(';').map((part) => part.trim());

    // /api/jobs asked for a page: without one it answers every job the stack holds, megabytes on a stack
    // with a few seasons' data, and the headers are the same.
    it.each(['/', '/job-listings', '/assets/no-such-file.js', '/healthz', '/api/jobs?page=1', '/api/no-such-endpoint', '/ats/metrics', '/api/openapi.json'])(
      '%s: unframeable, no type sniffing, no referrer, no Strict-Transport-Security on the local stack',
      async (path) => {
        const headers = await headersOf(path);
        expect({
          frame: headers.get('x-frame-options'),
          nosniff: headers.get('x-content-type-options'),
          referrer: headers.get('referrer-policy'),
          hsts: headers.get('strict-transport-security'),
        }).toEqual({ frame: 'DENY', nosniff: 'nosniff', referrer: 'no-referrer', hsts: null });
        expect(directives(headers.get('content-security-policy'))).toContain("frame-ancestors 'none'");
      },
    );

    it('gives the frontend a policy without inline or foreign scripts', async () => {
      for (const path of ['/', '/cv', '/assets/no-such-file.js']) {
        const policy = directives((await headersOf(path)).get('content-security-policy'));
        expect(policy).toEqual(expect.arrayContaining(SPA_POLICY));
        expect(policy.find((directive) => directive.startsWith('script-src'))).toBe("script-src 'self'");
      }
    });

    it("keeps a service's own stricter policy on its replies (APIs load nothing)", async () => {
      for (const path of ['/api/jobs?page=1', '/api/no-such-endpoint']) {
        expect(directives((await headersOf(path)).get('content-security-policy'))).toContain("default-src 'none'");
      }
    });

    it('sends each header once, whoever set it first', async () => {
      const response = await fetch(`${gateway}/api/jobs?page=1`);
      for (const name of ['x-frame-options', 'x-content-type-options', 'referrer-policy', 'content-security-policy']) {
        expect(response.headers.get(name)).not.toContain(',');
      }
    });
  });

  it("answers its own errors as problem details, not nginx's HTML", async () => {
    const oversize = await new Promise<{ status?: number; type?: string; body: string }>((resolve, reject) => {
      const upload = http.request(`${gateway}/api/applications`, { method: 'POST', headers: { 'Content-Length': String(26 * 1024 * 1024) } });
      upload.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          resolve({ status: response.statusCode, type: response.headers['content-type'], body });
          upload.destroy();
        });
      });
      upload.on('error', reject);
      upload.flushHeaders();
    });
    expect([oversize.status, oversize.type]).toEqual([413, 'application/problem+json']);
    expect(JSON.parse(oversize.body)).toMatchObject({ type: 'about:blank', title: 'Content Too Large', status: 413, message: expect.any(String) });

    const notAllowed = await fetch(`${gateway}/`, { method: 'POST', body: '{}' });
    expect([notAllowed.status, notAllowed.headers.get('content-type')]).toEqual([405, 'application/problem+json']);
    expect(await notAllowed.json()).toMatchObject({ title: 'Method Not Allowed', status: 405, message: expect.any(String) });

    const missing = await fetch(`${gateway}/assets/no-such-file.js`);
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'application/problem+json']);
  });

  it('passes the correlation id through', async () => {
    const response = await fetch(`${gateway}/api/jobs`, { headers: { 'X-Correlation-Id': 'gateway-test-1' } });
    expect(response.headers.get('x-correlation-id')).toBe('gateway-test-1');
  });
});
