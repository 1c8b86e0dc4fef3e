import express from 'express';
import { createLogger } from '../logger';
import { badRequest } from './errors';
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

  it('maps errors to the JSON error body without leaking internals', async () => {
    const invalid = await fetch(`${service.url}/invalid`);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      message: 'Please enter a valid email address.',
      errors: [{ field: 'email', message: 'Please enter a valid email address.' }],
    });
    const boom = await fetch(`${service.url}/boom`);
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ message: 'Internal server error' });
    const missing = await fetch(`${service.url}/nowhere`);
    expect(missing.status).toBe(404);
    const malformed = await fetch(`${service.url}/echo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'Malformed JSON body' });
  });

  it('exports Prometheus metrics', async () => {
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toContain('http_request_duration_seconds');
    expect(metrics).toContain('process_resident_memory_bytes');
  });
});
