import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureSchemathesis } from '../../infra/local/schemathesis';
import { PORTAL_URL } from '../support/portal';
import { FUZZ_PROFILES, runSchemathesis, schemathesisArgs } from './schemathesis';

/**
 * The fuzz runs as an admin on the shared stack, so it must only ever send ids it made up. This runs
 * it, with the fuzz test's own settings, against a stand-in API whose every reply is full of one
 * recognisable id (as a list of users or jobs would be full of real ones) and checks that no request
 * carries that id back.
 */
const SENTINEL = '5e11a7e1-0000-4000-8000-00000000beef';

describe('the fuzz never sends an id it read from a reply', () => {
  const requests: string[] = [];
  let server: http.Server;
  let baseUrl = '';
  let document: unknown;

  beforeAll(async () => {
    document = await (await fetch(`${PORTAL_URL}/api/openapi.json`)).json();
    const record = { _id: SENTINEL, id: SENTINEL, userId: SENTINEL, jobId: SENTINEL, applicationId: SENTINEL, campaignId: SENTINEL, key: SENTINEL };
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
      request.on('end', () => {
        response.setHeader('Content-Type', 'application/json');
        if (request.url === '/api/openapi.json') return void response.end(JSON.stringify(document));
        requests.push(`${request.method} ${request.url} ${body}`);
        response.statusCode = request.method === 'POST' ? 201 : 200;
        response.end(JSON.stringify(request.method === 'GET' ? [record, record] : { ...record, user: record, data: record, items: [record] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('with the settings of tests/fuzz/schemathesis.toml', async () => {
    const command = await ensureSchemathesis();
    const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-harvest-'));
    const profile = { ...FUZZ_PROFILES.bounded, maxExamples: 10 };
    const caller = { role: 'admin' as const, token: 'any', clientAddress: '10.0.0.1' };
    // Every case runs although the stand-in's replies break their schemas: more chances to reuse the id.
    const args = [...schemathesisArgs(caller, profile, reportDir, baseUrl), '--continue-on-failure'];
    const result = await runSchemathesis(command, caller, profile, reportDir, args);
    fs.rmSync(reportDir, { recursive: true, force: true });
    expect(result.operationsTested).toBeGreaterThanOrEqual(60);
    expect(requests.length).toBeGreaterThan(1000);
    expect(requests.filter((request) => request.includes(SENTINEL)).slice(0, 5)).toEqual([]);
  }, 600_000);
});
