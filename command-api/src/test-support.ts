import { randomUUID } from 'node:crypto';
import { createEventStore, createLogger, loadEnv, ObjectStore, startService, type RunningService } from '@placement/platform';
import { installCommandApi } from './app';
import type { CommandApiDeps } from './deps';

export interface CommandApiUnderTest {
  service: RunningService;
  deps: CommandApiDeps;
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  stop: () => Promise<void>;
}

/** The real command-api on a free port, against the real local stack's event store and S3. */
export async function startCommandApi(overrides: Record<string, string> = {}): Promise<CommandApiUnderTest> {
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent', ...overrides });
  const store = await createEventStore(env);
  const files = new ObjectStore(env);
  const deps: CommandApiDeps = { env, store, files, logger: createLogger('command-api-test', 'silent'), now: () => new Date() };
  const service = await startService({
    name: 'command-api',
    port: 0,
    logger: deps.logger,
    readiness: [],
    routes: (app) => installCommandApi(app, deps),
    close: async () => {
      files.close();
      await store.close();
    },
  });
  // Each test file is its own client address, so per-address rate limits never couple test files.
  const clientAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
  };
  return { service, deps, post, stop: () => service.stop() };
}

export const uniqueEmail = (domain = 'university.edu') => `student.${randomUUID().slice(0, 8)}@${domain}`;
