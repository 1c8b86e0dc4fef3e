import net from 'node:net';
import os from 'node:os';
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

  it('listens on loopback only unless HOST says otherwise: another address of this machine is refused', async () => {
    const process = await spawnService(service);
    try {
      // Logged once the workers run too, which takes a while for the ones that join consumer groups.
      const listening = await logLine(process.output, `${service} listening`);
      expect(listening.host).toBe('127.0.0.1');
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((address) => address && address.family === 'IPv4' && !address.internal);
      if (outside) expect(await connects(outside.address, listening.port!)).toBe(false);
    } finally {
      process.child.kill('SIGTERM');
    }
    await process.exited;
  }, 60_000);
});

async function logLine(output: () => string, msg: string, timeoutMs = 45_000): Promise<{ host?: string; port?: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = output()
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as { msg: string; host?: string; port?: number })
      .find((entry) => entry.msg === msg);
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no log line '${msg}' within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether a TCP connection to the address opens (false: refused or no answer within a second). */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

describe('start-up configuration check', () => {
  it('refuses to start with a bad variable and names it', async () => {
    const process = await spawnService('command-api', { SMTP_PORT: 'seventy', S3_ENDPOINT: 'nowhere' });
    const { code } = await process.exited;
    expect(code).toBe(1);
    expect(process.output()).toMatch(/SMTP_PORT/);
    expect(process.output()).toMatch(/S3_ENDPOINT/);
  });
});
