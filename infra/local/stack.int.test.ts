import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { LOCAL_DEFAULTS } from '../../platform/src/config/local-stack';
import type { GatewayConfigOptions } from './gateway-config';
import { nginxArgs, writeGatewayConfig } from './gateway-config';
import { REPO_ROOT } from './paths';
import { answersHttp, pollUntil } from './probes';
import { SERVER_NAMES } from './server';
import { findNginx } from './servers/gateway';
import type { ServerStatus } from './stack';

jest.setTimeout(60_000);

const runCli = (args: readonly string[], extraEnv: NodeJS.ProcessEnv = {}): { code: number | null; stdout: string } => {
  const binDir = path.join(REPO_ROOT, 'node_modules', '.bin');
  const result = spawnSync(path.join(binDir, 'tsx'), ['infra/local/cli.ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`, ...extraEnv },
  });
  return { code: result.status, stdout: result.stdout };
};

const statusJson = (extraEnv: NodeJS.ProcessEnv = {}): ServerStatus[] =>
  JSON.parse(runCli(['status', '--json'], extraEnv).stdout) as ServerStatus[];

describe('local stack (start it first: npm run stack -- start)', () => {
  it('reports every server running and healthy', () => {
    const { code, stdout } = runCli(['status', '--json', '--check']);
    const statuses = JSON.parse(stdout) as ServerStatus[];
    expect(statuses.map(({ server, state }) => ({ server, state }))).toEqual(
      SERVER_NAMES.map((server) => ({ server, state: 'running' })),
    );
    expect(code).toBe(0);
  });

  it('treats a variable pointing elsewhere as an external server, and the local address as local', () => {
    const states = (env: NodeJS.ProcessEnv): Record<string, string> =>
      Object.fromEntries(statusJson(env).map(({ server, state }) => [server, state]));
    expect(states({ KAFKA_BROKERS: 'kafka.example:9092' }).kafka).toBe('external');
    expect(states({ KAFKA_BROKERS: LOCAL_DEFAULTS.KAFKA_BROKERS }).kafka).toBe('running');
    expect(states({ POSTGRES_URL: 'postgres://elsewhere/db' }).postgres).toBe('running');
    const bothElsewhere = states({ POSTGRES_URL: 'postgres://elsewhere/db', MONGODB_URL: 'mongodb://elsewhere/db' });
    expect([bothElsewhere.postgres, bothElsewhere.ferretdb]).toEqual(['external', 'external']);
  });

  it('lets tests read mails back through the maildev REST API', async () => {
    const recipient = `stack-test-${Date.now()}@placement.test`;
    const transport = nodemailer.createTransport({
      host: LOCAL_DEFAULTS.SMTP_HOST,
      port: Number(LOCAL_DEFAULTS.SMTP_PORT),
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({ from: 'noreply@placement.test', to: recipient, subject: 'Stack test', html: '<p>hi</p>' });
    const inbox = `${LOCAL_DEFAULTS.MAILBOX_API_URL}/api/email?to.address=${encodeURIComponent(recipient)}`;
    const mails = (await (await fetch(inbox)).json()) as { id: string; subject: string }[];
    expect(mails.map((mail) => mail.subject)).toEqual(['Stack test']);
    const html = await (await fetch(`${LOCAL_DEFAULTS.MAILBOX_API_URL}/api/email/${mails[0]?.id}/html`)).text();
    expect(html).toContain('<p>hi</p>');
    await fetch(`${LOCAL_DEFAULTS.MAILBOX_API_URL}/api/email/${mails[0]?.id}`, { method: 'DELETE' });
  });
});

type Upstream = 'command-api' | 'query-api' | 'ats-engine' | 'notifier';

const startFakeUpstream = async (name: Upstream): Promise<http.Server> => {
  const server = http.createServer((request, response) => {
    request.resume();
    response.setHeader('x-served-by', name);
    response.setHeader('x-seen-path', request.url ?? '');
    for (const header of ['x-request-id', 'x-correlation-id', 'x-forwarded-for', 'x-forwarded-proto']) {
      response.setHeader(`x-seen-${header}`, String(request.headers[header] ?? ''));
    }
    response.statusCode = Number(request.headers['x-respond-status'] ?? 200);
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
};

const hostPortOf = (server: http.Server): string => `127.0.0.1:${(server.address() as AddressInfo).port}`;

const freePort = async (): Promise<number> => {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

describe('gateway config (infra/gateway/portal.conf.template)', () => {
  const nginx = findNginx() ?? 'nginx';
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-gateway-'));
  const frontendRoot = path.join(workDir, 'frontend');
  const upstreams: http.Server[] = [];
  let gatewayProcess: ChildProcess | undefined;
  let gatewayUrl = '';
  let options: GatewayConfigOptions;

  beforeAll(async () => {
    fs.chmodSync(workDir, 0o755);
    fs.mkdirSync(frontendRoot, { mode: 0o755 });
    fs.writeFileSync(path.join(frontendRoot, 'index.html'), '<!doctype html><title>spa</title>');
    const [command, query, ats, notifier] = await Promise.all(
      (['command-api', 'query-api', 'ats-engine', 'notifier'] as const).map(startFakeUpstream),
    );
    upstreams.push(command!, query!, ats!, notifier!);
    const port = await freePort();
    gatewayUrl = `http://127.0.0.1:${port}`;
    options = {
      nginx,
      prefixDir: path.join(workDir, 'nginx'),
      errorLog: path.join(workDir, 'error.log'),
      accessLog: path.join(workDir, 'access.log'),
      variables: {
        GATEWAY_PORT: `127.0.0.1:${port}`,
        COMMAND_API_UPSTREAM: hostPortOf(command!),
        QUERY_API_UPSTREAM: hostPortOf(query!),
        ATS_ENGINE_UPSTREAM: hostPortOf(ats!),
        NOTIFIER_UPSTREAM: hostPortOf(notifier!),
        FRONTEND_ROOT: frontendRoot,
        GATEWAY_HSTS: '',
      },
    };
    writeGatewayConfig(options);
  });

  afterAll(async () => {
    gatewayProcess?.kill('SIGQUIT');
    await Promise.all(upstreams.map((server) => new Promise((resolve) => server.close(resolve))));
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('renders every placeholder and passes nginx -t', () => {
    const rendered = fs.readFileSync(path.join(options.prefixDir, 'portal.conf'), 'utf8');
    expect(rendered).not.toMatch(/\$\{(GATEWAY_PORT|COMMAND_API_UPSTREAM|QUERY_API_UPSTREAM|ATS_ENGINE_UPSTREAM|NOTIFIER_UPSTREAM|FRONTEND_ROOT|GATEWAY_HSTS)\}/);
    const test = spawnSync(nginx, ['-t', ...nginxArgs(options)], { encoding: 'utf8' });
    expect(test.stderr).toContain('test is successful');
    expect(test.status).toBe(0);
  });

  it('passes the config the running local gateway uses', () => {
    const localPrefix = path.join(REPO_ROOT, '.local', 'data', 'gateway');
    const errorLog = path.join(workDir, 'local-test.log');
    const test = spawnSync(nginx, ['-t', ...nginxArgs({ prefixDir: localPrefix, errorLog })], { encoding: 'utf8' });
    expect(test.status).toBe(0);
  });

  describe('routing', () => {
    beforeAll(async () => {
      gatewayProcess = spawn(nginx, nginxArgs(options), { stdio: 'ignore' });
      const up = await pollUntil(() => answersHttp(`${gatewayUrl}/healthz`), 10_000);
      if (!up) throw new Error(`test gateway did not start:\n${fs.readFileSync(options.errorLog, 'utf8')}`);
    });

    const request = (method: string, urlPath: string, headers: Record<string, string> = {}): Promise<Response> =>
      fetch(`${gatewayUrl}${urlPath}`, { method, headers, redirect: 'manual' });

    it.each([
      ['GET', '/api/jobs', 'query-api', '/api/jobs'],
      ['HEAD', '/api/jobs?status=open', 'query-api', '/api/jobs?status=open'],
      ['POST', '/api/jobs', 'command-api', '/api/jobs'],
      ['PUT', '/api/applications/1', 'command-api', '/api/applications/1'],
      ['DELETE', '/api/jobs/1', 'command-api', '/api/jobs/1'],
      ['GET', '/api/openapi.json', 'command-api', '/api/openapi.json'],
      ['GET', '/api/docs/', 'command-api', '/api/docs/'],
      ['GET', '/api/email/track/abc.gif', 'command-api', '/api/email/track/abc.gif'],
      ['GET', '/applications/jobs', 'query-api', '/applications/jobs'],
      ['PUT', '/applications/applications/7', 'command-api', '/applications/applications/7'],
      ['DELETE', '/applications/applications/7', 'command-api', '/applications/applications/7'],
      ['GET', '/profile/user/42', 'query-api', '/profile/user/42'],
      ['GET', '/uploads/resume-1.pdf', 'query-api', '/uploads/resume-1.pdf'],
      ['POST', '/ats/analyze', 'ats-engine', '/analyze'],
      ['GET', '/api/dead-letters?status=dead', 'notifier', '/api/dead-letters?status=dead'],
      ['POST', '/api/dead-letters/abc/retry', 'notifier', '/api/dead-letters/abc/retry'],
    ])('%s %s reaches %s as %s', async (method, urlPath, upstream, seenPath) => {
      const response = await request(method, urlPath);
      expect([response.headers.get('x-served-by'), response.headers.get('x-seen-path')]).toEqual([upstream, seenPath]);
    });

    it.each(['/ats/health', '/ats/ready', '/ats/metrics'])("keeps the ATS engine's %s off the public routes", async (urlPath) => {
      const response = await request('GET', urlPath);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-served-by')).toBeNull();
    });

    it('serves the SPA for every other path', async () => {
      const response = await request('GET', '/student/dashboard');
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>spa</title>');
    });

    it('passes request and correlation ids through and adds forwarding headers', async () => {
      const response = await request('GET', '/api/jobs', { 'X-Request-Id': 'req-1', 'X-Correlation-Id': 'corr-1' });
      expect(response.headers.get('x-seen-x-request-id')).toBe('req-1');
      expect(response.headers.get('x-seen-x-correlation-id')).toBe('corr-1');
      expect(response.headers.get('x-seen-x-forwarded-for')).toBe('127.0.0.1');
      expect(response.headers.get('x-seen-x-forwarded-proto')).toBe('http');
      expect(response.headers.get('x-request-id')).toBe('req-1');
    });

    it('creates a request id when the client sends none', async () => {
      const response = await request('POST', '/api/auth/login');
      expect(response.headers.get('x-seen-x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      expect(response.headers.get('x-seen-x-correlation-id')).toBe(response.headers.get('x-seen-x-request-id'));
    });

    it('answers problem details with Retry-After when a service is down', async () => {
      const downUpstream = upstreams[2]!;
      await new Promise((resolve) => downUpstream.close(resolve));
      const response = await request('POST', '/ats/analyze', { 'X-Correlation-Id': 'down-1' });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({
        type: 'about:blank',
        title: 'Service Unavailable',
        status: 503,
        detail: expect.stringContaining('unavailable'),
        message: expect.stringContaining('unavailable'),
        correlationId: 'down-1',
      });
    });

    it('refuses bodies over 25 MB with a problem-details 413', async () => {
      const reply = await new Promise<{ status: number | undefined; type: string | undefined; body: string }>((resolve, reject) => {
        const upload = http.request(`${gatewayUrl}/api/applications`, {
          method: 'POST',
          headers: { 'Content-Length': String(26 * 1024 * 1024) },
        });
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
      expect([reply.status, reply.type]).toEqual([413, 'application/problem+json']);
      expect(JSON.parse(reply.body)).toMatchObject({ title: 'Content Too Large', status: 413, message: 'The request is too large (25 MB at most).' });
    });

    /** One request exactly as written (fetch refuses TRACE and normalises what the tests need raw). */
    const rawRequest = (text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> =>
      new Promise((resolve, reject) => {
        const socket = net.connect(Number(new URL(gatewayUrl).port), '127.0.0.1', () => socket.end(text));
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', ...rest] = received.split('\r\n\r\n');
          const [statusLine = '', ...headerLines] = head.split('\r\n');
          const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
        });
      });
    const get = (target: string, method = 'GET', extraHeaders = '') => rawRequest(`${method} ${target} HTTP/1.1\r\nHost: portal.test\r\n${extraHeaders}Connection: close\r\n\r\n`);

    it.each([
      ['an invalid percent-encoding in the path', 400, 'Bad Request', () => get('/api/jobs/%E0%A4%A')],
      ['a request without a Host', 400, 'Bad Request', () => rawRequest('GET / HTTP/1.1\r\nConnection: close\r\n\r\n')],
      ['TRACE', 405, 'Method Not Allowed', () => get('/api/jobs', 'TRACE')],
      ['POST to the single-page app', 405, 'Method Not Allowed', () => get('/', 'POST', 'Content-Length: 0\r\n')],
      ['DELETE of a built asset', 405, 'Method Not Allowed', () => get('/index.html', 'DELETE')],
      ['a missing asset', 404, 'Not Found', () => get('/assets/missing.js')],
      ['the error page itself', 404, 'Not Found', () => get('/.gateway/problem')],
      ['an address over nginx\'s buffer', 414, 'URI Too Long', () => get(`/api/jobs?q=${'a'.repeat(9000)}`)],
      ['a header over nginx\'s buffer', 431, 'Request Header Fields Too Large', () => get('/api/jobs', 'GET', `X-Big: ${'a'.repeat(9000)}\r\n`)],
    ])('%s answers %s %s as problem details', async (_case, status, title, send) => {
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toBe('application/problem+json');
      const problem = JSON.parse(response.body) as Record<string, unknown>;
      expect(problem).toEqual({ type: 'about:blank', title, status, detail: expect.any(String), message: expect.any(String), correlationId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    });

    it('keeps a correlation id out of the body when it could break the JSON', async () => {
      const response = await get('/assets/missing.js', 'GET', 'X-Correlation-Id: a"},"x":"y\r\n');
      expect(response.status).toBe(404);
      expect((JSON.parse(response.body) as { correlationId: string }).correlationId).toMatch(/^[0-9a-f]{32}$/);
    });

    it("passes the services' own error replies through untouched", async () => {
      for (const status of [400, 404, 405, 500, 503]) {
        const response = await request('GET', '/api/jobs', { 'X-Respond-Status': String(status) });
        expect([response.status, response.headers.get('x-served-by'), await response.text()]).toEqual([status, 'query-api', '{}']);
      }
    });
  });
});
