import { createHash } from 'node:crypto';
import { createLogger } from '../logger';
import { API_CONTENT_SECURITY_POLICY, DOWNLOAD_CONTENT_SECURITY_POLICY, setPagePolicy } from './security-headers';
import { startService, type RunningService } from './service';

const SCRIPT = "document.title='hello';";
const STYLE = 'body{margin:0}';

describe('security headers of every service reply (a request that reaches a service directly)', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService({
      name: 'headers-test',
      port: 0,
      logger: createLogger('test', 'silent'),
      readiness: [],
      routes: (app) => {
        app.get('/json', (_req, res) => {
          res.json({ ok: true });
        });
        app.get('/boom', () => {
          throw new Error('internals');
        });
        app.get('/page', (_req, res) => {
          setPagePolicy(res, { script: SCRIPT, style: STYLE });
          res.type('html').send(`<style>${STYLE}</style><script>${SCRIPT}</script>`);
        });
        app.get('/file', (_req, res) => {
          res.set({ 'Content-Type': 'application/pdf', 'Content-Security-Policy': DOWNLOAD_CONTENT_SECURITY_POLICY }).send(Buffer.from('%PDF-1.7'));
        });
      },
    });
  });
  afterAll(() => service.stop());

  it.each(['/json', '/health', '/ready', '/metrics', '/no-such-path', '/boom'])('%s: nothing may load or frame it, no type sniffing, no referrer', async (path) => {
    const response = await fetch(`${service.url}${path}`);
    expect({
      csp: response.headers.get('content-security-policy'),
      frame: response.headers.get('x-frame-options'),
      nosniff: response.headers.get('x-content-type-options'),
      referrer: response.headers.get('referrer-policy'),
    }).toEqual({ csp: API_CONTENT_SECURITY_POLICY, frame: 'DENY', nosniff: 'nosniff', referrer: 'no-referrer' });
    expect(API_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(API_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
  });

  it("allows a page's own inline script and style by their hashes, and nothing else", async () => {
    const response = await fetch(`${service.url}/page`);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain(`script-src ${hash(SCRIPT)};`);
    expect(policy).toContain(`style-src ${hash(STYLE)};`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('lets a file download keep a policy that browsers’ PDF viewers work under, still unframeable', async () => {
    const response = await fetch(`${service.url}/file`);
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});
