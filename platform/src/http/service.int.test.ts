import express from 'express';
import { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE } from '@placement/domain';
import { createLogger } from '../logger';
import { multipart } from '../uploads/multipart';
import { badRequest, MALFORMED_PATH_MESSAGE } from './errors';
import { MAX_PATH_PARAMETER_LENGTH } from './input-guard';
import { sharedRateLimit, type RateCounters } from './rate-limits';
import { mountRoutes, type RouteSpec } from './routes';
import { startService, type RunningService } from './service';

const logger = createLogger('test', 'silent');

describe('service kit', () => {
  let dependencyUp = true;
  let service: RunningService;

  beforeAll(async () => {
    service = await startService({
      name: 'test-service',
      port: 0,
      logger,
      readiness: [
        { name: 'always', check: async () => undefined },
        {
          name: 'flaky',
          check: async () => {
            if (!dependencyUp) throw new Error('connection refused');
          },
        },
      ],
      routes: (app) => {
        app.post('/echo', express.json(), (req, res) => {
          res.json(req.body);
        });
        app.get('/invalid', () => {
          throw badRequest('Please enter a valid email address.', [{ field: 'email', message: 'Please enter a valid email address.' }]);
        });
        app.get('/boom', () => {
          throw new Error('secret internals');
        });
        app.get('/things/:id', (req, res) => {
          res.json({ id: req.params.id });
        });
        const echo: RouteSpec['handler'] = (req, res) => {
          res.json({ params: req.params, query: res.locals.query ?? req.query, body: res.locals.body ?? req.body });
        };
        const visitor: express.RequestHandler = (_req, res, next) => {
          res.locals.actor = { id: null, role: 'visitor' };
          next();
        };
        const declared = { action: 'auth.register' as const, summary: 'echo', tags: ['test'], responds: { status: 200, description: 'echo' }, handler: echo };
        mountRoutes(
          app,
          [
            { ...declared, method: 'post', paths: ['/guarded/:id'], before: [express.json()], body: z.object({ name: z.string(), tags: z.array(z.string()).optional() }), query: z.object({ jobId: z.string().optional() }) },
            { ...declared, method: 'post', paths: ['/guarded-form'], before: [multipart({ maxFileBytes: 1024, maxFiles: 1 })] },
          ],
          visitor,
        );
      },
    });
  });

  afterAll(() => service.stop());

  it('answers /health with 200 and the service name', async () => {
    const response = await fetch(`${service.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', service: 'test-service' });
  });

  it('is ready only while every dependency answers, naming the one that does not', async () => {
    dependencyUp = true;
    const ready = await fetch(`${service.url}/ready`);
    expect(ready.status).toBe(200);
    dependencyUp = false;
    const notReady = await fetch(`${service.url}/ready`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'not ready', checks: { always: 'ok', flaky: 'connection refused' } });
  });

  it('echoes or creates a correlation id', async () => {
    const given = await fetch(`${service.url}/health`, { headers: { 'X-Correlation-Id': 'abc-123' } });
    expect(given.headers.get('x-correlation-id')).toBe('abc-123');
    const created = await fetch(`${service.url}/health`);
    expect(created.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('maps errors to problem details without leaking internals', async () => {
    const invalid = await fetch(`${service.url}/invalid`, { headers: { 'X-Correlation-Id': 'req-400' } });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await invalid.json()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Please enter a valid email address.',
      instance: '/invalid',
      correlationId: 'req-400',
      message: 'Please enter a valid email address.',
      errors: [{ field: 'email', message: 'Please enter a valid email address.' }],
    });
    const boom = await fetch(`${service.url}/boom?token=secret`);
    expect(boom.status).toBe(500);
    const boomBody = await boom.json();
    expect(boomBody).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Internal server error',
      instance: '/boom',
      correlationId: boom.headers.get('x-correlation-id'),
      message: 'Internal server error',
    });
    const missing = await fetch(`${service.url}/nowhere`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await missing.json()).toMatchObject({ title: 'Not Found', status: 404, message: 'No route for GET /nowhere' });
    const malformed = await fetch(`${service.url}/echo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: 400, message: 'Malformed JSON body' });
  });

  describe('bad input answers 400 naming the field, never 500', () => {
    const post = (path: string, body: unknown) =>
      fetch(`${service.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

    it('invalid percent-encoding in a path parameter, on a plain route and a declared one', async () => {
      // %ED%A0%80 would be a lone surrogate: not UTF-8, so decoding fails as well.
      for (const path of ['/things/%E0%A4%A', '/guarded/%E0%A4%A', '/things/%', '/guarded/a%ED%A0%80']) {
        const response = await fetch(`${service.url}${path}`, { method: path.startsWith('/guarded') ? 'POST' : 'GET' });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ status: 400, message: MALFORMED_PATH_MESSAGE });
      }
    });

    it.each([
      ['a NUL in a path parameter', '/guarded/a%00b', { name: 'x' }, 'id'],
      ['a NUL in the query string', '/guarded/1?jobId=%00', { name: 'x' }, 'jobId'],
      ['a NUL in a body field', '/guarded/1', { name: 'a\u0000b' }, 'name'],
      ['a lone surrogate in a nested body field', '/guarded/1', { name: 'ok', tags: ['fine', '\uD800'] }, 'tags.1'],
      ['a NUL in an unknown body field', '/guarded/1', { name: 'ok', extra: { deep: '\u0000' } }, 'extra.deep'],
    ])('%s', async (_case, path, body, field) => {
      const response = await post(path, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 400, message: UNSAFE_TEXT_MESSAGE, errors: [{ field, message: UNSAFE_TEXT_MESSAGE }] });
    });

    it('a lone surrogate written as a JSON escape in the raw body', async () => {
      const response = await fetch(`${service.url}/guarded/1`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x\\udc00"}' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ field: 'name', message: UNSAFE_TEXT_MESSAGE }] });
    });

    it('a NUL in a multipart field and in an uploaded file name', async () => {
      const form = new FormData();
      form.append('title', 'a\u0000b');
      const field = await fetch(`${service.url}/guarded-form`, { method: 'POST', body: form });
      expect(field.status).toBe(400);
      expect(await field.json()).toMatchObject({ errors: [{ field: 'title', message: UNSAFE_TEXT_MESSAGE }] });

      const boundary = 'x-boundary';
      const upload = [`--${boundary}`, `Content-Disposition: form-data; name="resume"; filename*=utf-8''cv%00.pdf`, 'Content-Type: application/pdf', '', '%PDF-1.4', `--${boundary}--`, ''].join('\r\n');
      const file = await fetch(`${service.url}/guarded-form`, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body: upload });
      expect(file.status).toBe(400);
      expect(await file.json()).toMatchObject({ errors: [{ field: 'resume', message: UNSAFE_TEXT_MESSAGE }] });
    });

    it('a path parameter longer than any id', async () => {
      const response = await post(`/guarded/${'a'.repeat(MAX_PATH_PARAMETER_LENGTH + 1)}`, { name: 'x' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ field: 'id' }] });
      expect((await post(`/guarded/${'a'.repeat(MAX_PATH_PARAMETER_LENGTH)}`, { name: 'x' })).status).toBe(200);
    });

    it('clean text passes untouched, emoji and all', async () => {
      const response = await post('/guarded/caf%C3%A9?jobId=j-1', { name: 'Asha 😀', tags: ['ü'] });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ params: { id: 'café' }, query: { jobId: 'j-1' }, body: { name: 'Asha 😀', tags: ['ü'] } });
    });

    it('an unsupported body charset is a client error', async () => {
      const response = await fetch(`${service.url}/guarded/1`, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{"name":"x"}' });
      expect(response.status).toBe(415);
    });
  });

  it('exports Prometheus metrics', async () => {
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toContain('http_request_duration_seconds');
    expect(metrics).toContain('process_resident_memory_bytes');
  });
});

describe('a stopping service', () => {
  it("waits for a successful request's hit to be taken back before it closes its adapters", async () => {
    const events: string[] = [];
    let finishDecrement: () => void = () => undefined;
    const counters: RateCounters = {
      increment: async () => ({ hits: 1, resetAt: new Date(Date.now() + 60_000) }),
      decrement: () =>
        new Promise<void>((resolve) => {
          events.push('decrement started');
          finishDecrement = () => {
            events.push('decrement ended');
            resolve();
          };
        }),
      reset: async () => undefined,
      get: async () => undefined,
    };
    const service = await startService({
      name: 'test-service',
      port: 0,
      logger,
      readiness: [],
      routes: (app) => {
        const lockout = sharedRateLimit(counters, { name: 'lockout', windowMs: 60_000, limit: 5, key: () => 'k', message: 'Too many attempts.', skipSuccessfulRequests: true });
        app.post('/login', lockout, (_req, res) => {
          res.json({ ok: true });
        });
      },
      close: async () => {
        events.push('closed');
      },
    });
    expect((await fetch(`${service.url}/login`, { method: 'POST' })).status).toBe(200);
    const stopped = service.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['decrement started']);
    finishDecrement();
    await stopped;
    expect(events).toEqual(['decrement started', 'decrement ended', 'closed']);
  });
});
