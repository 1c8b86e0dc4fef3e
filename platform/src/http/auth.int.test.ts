import express from 'express';
import jwt from 'jsonwebtoken';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../logger';
import { errorHandler } from './errors';
import { actorOf, authenticate, INVALID_TOKEN_MESSAGE, issueToken, verifyToken, type AccountSnapshot } from './auth';

const settings = { secret: 's'.repeat(40), expiresIn: '1h' };

describe('session tokens', () => {
  it('carry the session version they were issued under', () => {
    const token = issueToken(settings, { id: 'u1', role: 'student', sessionVersion: 3 });
    expect(verifyToken(settings, token)).toEqual({ sub: 'u1', role: 'student', sv: 3 });
  });

  it.each([
    ['no session version', {}],
    ['a session version that is not a whole number', { sv: 1.5 }],
    ['a negative session version', { sv: -1 }],
    ['a session version as text', { sv: '0' }],
  ])('are refused with %s', (_label, claims) => {
    const token = jwt.sign({ role: 'student', ...claims }, settings.secret, { subject: 'u1', issuer: 'placement-portal', algorithm: 'HS256', expiresIn: '1h' });
    expect(verifyToken(settings, token)).toBeUndefined();
  });
});

describe('authenticate', () => {
  let account: AccountSnapshot | undefined;
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.get('/me', authenticate(settings, async () => account), (_req, res) => {
      res.json(actorOf(res));
    });
    app.use(errorHandler(createLogger('auth-test', 'silent')));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/me`;
    close = () => server.close();
  });
  afterAll(() => close());

  const call = async (token: string) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('admits a token of the current session version, with the role the account has now', async () => {
    account = { role: 'staff', status: 'active', verified: true, sessionVersion: 2 };
    expect(await call(issueToken(settings, { id: 'u1', role: 'student', sessionVersion: 2 }))).toEqual({ status: 200, body: { id: 'u1', role: 'staff' } });
  });

  it('refuses a token issued before the sessions were ended, whatever the account is now', async () => {
    account = { role: 'student', status: 'active', verified: true, sessionVersion: 3 };
    const reply = await call(issueToken(settings, { id: 'u1', role: 'student', sessionVersion: 2 }));
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(INVALID_TOKEN_MESSAGE);
  });
});
