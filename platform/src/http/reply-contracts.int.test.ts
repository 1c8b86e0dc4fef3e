import type { RequestHandler } from 'express';
import { z } from 'zod';
import { createLogger } from '../logger';
import { mountRoutes, replyContractProblem, REPLY_CONTRACTS_VARIABLE, type RouteSpec } from './routes';
import { startService, type RunningService } from './service';

describe('reply contracts', () => {
  const contract = z.object({ id: z.string(), count: z.number(), at: z.iso.datetime() });

  it('allows a reply as it goes on the wire, and names what a reply outside it breaks', () => {
    expect(replyContractProblem(contract, { id: 'a', count: 1, at: new Date('2026-01-01T00:00:00Z') })).toBeNull();
    expect(replyContractProblem(contract, { id: 'a', count: '1', at: '2026-01-01T00:00:00Z' })).toMatch(/^count: /);
  });

  describe('on a service of the suite (enforced)', () => {
    let service: RunningService;
    const reply = { value: {} as unknown };

    beforeAll(async () => {
      expect(process.env[REPLY_CONTRACTS_VARIABLE]).toBe('enforce');
      const visitor: RequestHandler = (_req, res, next) => {
        res.locals.actor = { id: null, role: 'visitor' };
        next();
      };
      const route: RouteSpec = {
        method: 'get',
        paths: ['/thing'],
        action: 'auth.register',
        summary: 'a thing',
        tags: ['test'],
        responds: { status: 200, description: 'the thing', schema: contract },
        handler: (_req, res) => {
          res.json(reply.value);
        },
      };
      service = await startService({ name: 'contracts', port: 0, logger: createLogger('test', 'silent'), readiness: [], routes: (app) => mountRoutes(app, [route], visitor) });
    });
    afterAll(() => service.stop());

    it('answers a reply its contract allows as it is', async () => {
      reply.value = { id: 'a', count: 1, at: '2026-01-01T00:00:00.000Z' };
      const response = await fetch(`${service.url}/thing`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(reply.value);
    });

    it('answers 500, naming the broken member, instead of a reply outside its contract', async () => {
      reply.value = { id: 'a', count: 'one', at: '2026-01-01T00:00:00.000Z' };
      const response = await fetch(`${service.url}/thing`);
      expect(response.status).toBe(500);
      expect(((await response.json()) as { message: string }).message).toMatch(/^Reply outside the contract of GET \/thing: count: /);
    });
  });
});
