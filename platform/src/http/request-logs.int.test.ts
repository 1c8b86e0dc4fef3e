import { Writable } from 'node:stream';
import express from 'express';
import { createLogger } from '../logger';
import { currentCorrelationId, withCorrelationId } from '../request-context';
import { multipart } from '../uploads/multipart';
import { mountRoutes, type RouteSpec } from './routes';
import { startService, type RunningService } from './service';

/** A logger like every service's, writing its JSON lines into an array. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('log-test', 'debug', sink) };
}

const flushed = () => new Promise((resolve) => setImmediate(resolve));

describe('request-scoped logs', () => {
  it('tag every line written while a correlation id is current, and only those', async () => {
    const { lines, logger } = capturedLogger();
    withCorrelationId('corr-a', () => logger.info('inside'));
    logger.info('outside');
    withCorrelationId('corr-b', () => logger.info({ correlationId: 'explicit' }, 'explicit wins'));
    await flushed();
    expect(lines.map((line) => [line.msg, line.correlationId])).toEqual([
      ['inside', 'corr-a'],
      ['outside', undefined],
      ['explicit wins', 'explicit'],
    ]);
  });

  describe('in a service', () => {
    const { lines, logger } = capturedLogger();
    const seen: (string | undefined)[] = [];
    let service: RunningService;

    beforeAll(async () => {
      const handler: RouteSpec['handler'] = async (req, res) => {
        seen.push(currentCorrelationId());
        await new Promise((resolve) => setTimeout(resolve, 1));
        logger.info({ path: req.path }, 'handler at work');
        if (req.path === '/fails') throw new Error('broken');
        res.json({ ok: true });
      };
      const visitor: express.RequestHandler = (_req, res, next) => {
        res.locals.actor = { id: null, role: 'visitor' };
        next();
      };
      const declared = { method: 'post' as const, action: 'auth.register' as const, summary: 'log', tags: ['test'], responds: { status: 200, description: 'log' }, handler };
      service = await startService({
        name: 'log-service',
        port: 0,
        logger,
        readiness: [],
        routes: (app) =>
          mountRoutes(
            app,
            [
              { ...declared, paths: ['/json', '/fails'], before: [express.json()] },
              { ...declared, paths: ['/form'], before: [multipart({ maxFileBytes: 1024, maxFiles: 1 })] },
            ],
            visitor,
          ),
      });
    });

    afterAll(() => service.stop());

    it('carries the id across body parsers and awaits into every line of the request, its failure included', async () => {
      const post = (path: string, id: string, init: RequestInit) => fetch(`${service.url}${path}`, { method: 'POST', ...init, headers: { ...(init.headers as object), 'X-Correlation-Id': id } });
      expect((await post('/json', 'corr-json', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(50_000) }) })).status).toBe(200);
      const form = new FormData();
      form.append('note', 'hello');
      form.append('resume', new Blob([new Uint8Array(900)]), 'cv.pdf');
      expect((await post('/form', 'corr-form', { body: form })).status).toBe(200);
      expect((await post('/fails', 'corr-fails', { headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(500);
      await flushed();

      expect(seen).toEqual(['corr-json', 'corr-form', 'corr-fails']);
      for (const id of ['corr-json', 'corr-form', 'corr-fails']) {
        const ofRequest = lines.filter((line) => line.correlationId === id || (line.req as { id?: string } | undefined)?.id === id);
        expect(ofRequest.map((line) => line.msg)).toEqual(expect.arrayContaining(['handler at work', expect.stringMatching(/request (completed|errored)/)]));
        expect(ofRequest.filter((line) => line.correlationId !== id)).toEqual([]);
      }
      expect(lines.find((line) => line.msg === 'unhandled error')).toMatchObject({ correlationId: 'corr-fails' });
    });
  });
});
