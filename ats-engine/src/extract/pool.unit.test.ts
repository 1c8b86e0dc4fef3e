import path from 'node:path';
import { ExtractionFailure, WorkerPool, type PoolOptions } from './pool';
import type { WorkerTask } from './protocol';

const script = { file: path.join(__dirname, '..', 'test-support', 'pool-worker.ts'), execArgv: ['--import', 'tsx'] };
const task = (kind: string, value?: number) => ({ kind, value }) as unknown as WorkerTask;

// Filling a 64 MiB heap takes seconds on a loaded machine: the out-of-memory task gets time to crash
// rather than be timed out; every other task of these tests is quick.
const pool = (options: Partial<PoolOptions> = {}) =>
  new WorkerPool({ name: 'test', size: 2, maxQueue: 2, taskTimeoutMs: (t) => ((t as { kind?: string }).kind === 'oom' ? 60_000 : 1_500), script, resourceLimits: { maxOldGenerationSizeMb: 64 }, ...options });

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof ExtractionFailure ? error.failure.code : String(error);
  }
};

describe('worker pool', () => {
  jest.setTimeout(30_000);

  it('runs tasks on its workers and refuses at once when the queue is full', async () => {
    const p = pool();
    await p.start();
    try {
      const running = [p.run(task('echo', 300)), p.run(task('echo', 300)), p.run(task('echo', 10)), p.run(task('echo', 10))];
      expect(await codeOf(p.run(task('echo', 1)))).toBe('busy');
      expect(await Promise.all(running)).toHaveLength(4);
      expect(p.stats.completed).toBe(4);
    } finally {
      await p.stop();
    }
  });

  it('terminates a task over its time limit, replaces the worker and carries on', async () => {
    const p = pool();
    await p.start();
    try {
      expect(await codeOf(p.run(task('hang')))).toBe('timeout');
      expect(await codeOf(p.run(task('echo', 1)))).toBe('ok');
      expect(p.stats.respawned).toBe(1);
      p.assertHealthy();
    } finally {
      await p.stop();
    }
  });

  it('reports refusals, crashes and heap exhaustion per task and survives them', async () => {
    const p = pool();
    await p.start();
    try {
      expect(await codeOf(p.run(task('refuse')))).toBe('corrupt');
      expect(await codeOf(p.run(task('crash')))).toBe('crashed');
      expect(await codeOf(p.run(task('oom')))).toBe('crashed');
      expect(await codeOf(p.run(task('echo', 1)))).toBe('ok');
      expect(p.load.workers).toBe(2);
    } finally {
      await p.stop();
    }
  });

  it('gives up, and fails readiness, when workers keep dying before they are ready', async () => {
    const p = pool({ size: 1, workerData: { dieAtStart: true } });
    await p.start();
    expect(() => p.assertHealthy()).toThrow(/exit before they are ready/);
    expect(await codeOf(p.run(task('echo', 1)))).toBe('crashed');
    await p.stop();
  });

  it('fails queued work when stopped', async () => {
    const p = pool({ size: 1, maxQueue: 5 });
    await p.start();
    const first = codeOf(p.run(task('echo', 200)));
    const queued = codeOf(p.run(task('echo', 1)));
    await p.stop();
    expect(await first).toBe('stopped');
    expect(await queued).toBe('stopped');
  });
});
