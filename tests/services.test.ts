import { SERVICE_NAMES } from '../platform/src/config/local-stack';
import { spawnService, waitForStatus } from './support/processes';

describe.each(SERVICE_NAMES)('%s as a real process', (service) => {
  it('answers /health and /ready against the local stack, logs JSON, and stops cleanly on SIGTERM', async () => {
    const process = await spawnService(service);
    try {
      const health = await waitForStatus(`${process.url}/health`, 200);
      expect(await health.json()).toMatchObject({ status: 'ok', service });
      const ready = await waitForStatus(`${process.url}/ready`, 200);
      const body = (await ready.json()) as { checks: Record<string, string> };
      expect(Object.values(body.checks).every((check) => check === 'ok')).toBe(true);
    } finally {
      process.child.kill('SIGTERM');
    }
    expect(await process.exited).toEqual({ code: 0, signal: null });
    const lines = process.output().trim().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ service });
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain(`${service} stopped`);
  }, 60_000);
});

describe('start-up configuration check', () => {
  it('refuses to start with a bad variable and names it', async () => {
    const process = await spawnService('command-api', { SMTP_PORT: 'seventy', S3_ENDPOINT: 'nowhere' });
    const { code } = await process.exited;
    expect(code).toBe(1);
    expect(process.output()).toMatch(/SMTP_PORT/);
    expect(process.output()).toMatch(/S3_ENDPOINT/);
  });
});
