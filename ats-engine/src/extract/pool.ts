import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ExtractionErrorCode, WorkerError, WorkerReply, WorkerResult, WorkerTask } from './protocol';

/**
 * A fixed set of worker threads running worker.ts, one task per worker at a time, FIFO queue.
 * - A task over its time limit terminates its worker (the only way to stop synchronous parsing)
 *   and a fresh worker takes its place; the caller gets a 'timeout' failure.
 * - A worker that dies (out of its heap limit, a native fault) fails its task with 'crashed' and is
 *   replaced. Workers that die before they are ready, three times in a row, mark the pool broken
 *   (readiness then fails) instead of respawning in a loop.
 * - A full queue answers 'busy' at once, so a burst of uploads is refused quickly, not piled up.
 */

export class ExtractionFailure extends Error {
  constructor(readonly failure: WorkerError) {
    super(failure.message);
    this.name = 'ExtractionFailure';
  }
}

const failure = (code: ExtractionErrorCode, message: string) => new ExtractionFailure({ code, message });

export interface PoolOptions {
  name: string;
  size: number;
  /** Queued tasks beyond the running ones; more are refused as 'busy'. */
  maxQueue: number;
  taskTimeoutMs: (task: WorkerTask) => number;
  resourceLimits?: ResourceLimits;
  /** Passed to each worker (e.g. { ocr: true } warms the OCR engine up). */
  workerData?: unknown;
  /** Runs the warm-up task on every new worker before it takes work. */
  warmUp?: boolean;
  /** Another worker script speaking the same protocol (tests). */
  script?: { file: string; execArgv: string[] };
}

interface Job {
  task: WorkerTask;
  /** Buffers handed to the worker rather than copied (the caller no longer reads them). */
  transfer?: ArrayBuffer[];
  resolve: (result: WorkerResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job & { id: number; timer: NodeJS.Timeout };
  /** Why we terminated it, if we did. */
  terminatedFor?: 'timeout' | 'stop';
}

/** The worker script next to this file: worker.ts under tsx or jest, worker.js when compiled. */
export function workerScript(): { file: string; execArgv: string[] } {
  const ext = path.extname(__filename);
  const file = path.join(__dirname, `worker${ext}`);
  return { file, execArgv: ext === '.ts' ? ['--import', 'tsx'] : [] };
}

const MAX_EARLY_DEATHS = 3;

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private earlyDeaths = 0;
  private stopped = false;
  private brokenReason: string | undefined;
  private lastStartError: string | undefined;
  private readyWaiters: (() => void)[] = [];
  /** Completed tasks, failures by code: for metrics and tests. */
  readonly stats = { completed: 0, failed: new Map<string, number>(), respawned: 0 };

  constructor(private readonly options: PoolOptions) {}

  async start(): Promise<void> {
    for (let i = 0; i < this.options.size; i++) this.spawn();
    await this.whenAllReady();
  }

  private whenAllReady(): Promise<void> {
    if ([...this.slots].every((slot) => slot.ready) || this.brokenReason) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  private notifyReady(): void {
    if ([...this.slots].every((slot) => slot.ready) || this.brokenReason) {
      const waiters = this.readyWaiters;
      this.readyWaiters = [];
      waiters.forEach((resolve) => resolve());
    }
  }

  private spawn(): void {
    const { file, execArgv } = this.options.script ?? workerScript();
    const worker = new Worker(file, {
      execArgv,
      resourceLimits: this.options.resourceLimits,
      workerData: this.options.workerData,
      name: this.options.name,
    });
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.on('message', (message: WorkerReply | { ready: true }) => {
      if ('ready' in message) {
        if (this.options.warmUp) {
          this.dispatch(slot, {
            task: { kind: 'warm-up' },
            resolve: () => this.markReady(slot),
            // A worker that cannot warm up (missing language data, say) is no worker: it counts as an early death.
            reject: (error) => {
              this.lastStartError = error.message;
              void slot.worker.terminate();
            },
          });
        } else {
          this.markReady(slot);
        }
        return;
      }
      this.settle(slot, message);
    });
    worker.on('error', (error) => {
      if (!slot.ready) this.lastStartError = error.message;
      const job = slot.job;
      if (job) {
        slot.job = undefined;
        clearTimeout(job.timer);
        this.count(false, 'crashed');
        job.reject(failure('crashed', `${this.options.name} worker failed: ${error.message}`));
      }
    });
    worker.on('exit', () => this.onExit(slot));
  }

  private markReady(slot: Slot): void {
    slot.ready = true;
    this.earlyDeaths = 0;
    this.notifyReady();
    this.pump();
  }

  private onExit(slot: Slot): void {
    this.slots.delete(slot);
    const job = slot.job;
    if (job) {
      slot.job = undefined;
      clearTimeout(job.timer);
      if (slot.terminatedFor === 'timeout') {
        this.count(false, 'timeout');
        job.reject(failure('timeout', `${this.options.name} task took too long`));
      } else {
        this.count(false, 'crashed');
        job.reject(failure(this.stopped ? 'stopped' : 'crashed', `${this.options.name} worker exited`));
      }
    }
    if (this.stopped) return;
    if (!slot.ready) {
      this.earlyDeaths += 1;
      if (this.earlyDeaths >= MAX_EARLY_DEATHS) {
        this.brokenReason = `${this.options.name} workers exit before they are ready${this.lastStartError ? ` (${this.lastStartError})` : ''}`;
        for (const queued of this.queue.splice(0)) queued.reject(failure('crashed', this.brokenReason));
        this.notifyReady();
        return;
      }
    }
    this.stats.respawned += 1;
    this.spawn();
  }

  private count(ok: boolean, code?: string): void {
    if (ok) this.stats.completed += 1;
    else this.stats.failed.set(code ?? 'unknown', (this.stats.failed.get(code ?? 'unknown') ?? 0) + 1);
  }

  private settle(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = undefined;
    clearTimeout(job.timer);
    if (reply.ok) {
      if (job.task.kind !== 'warm-up') this.count(true);
      job.resolve(reply.result);
    } else {
      this.count(false, reply.error.code);
      job.reject(new ExtractionFailure(reply.error));
    }
    this.pump();
  }

  private dispatch(slot: Slot, job: Job): void {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      slot.terminatedFor = 'timeout';
      void slot.worker.terminate();
    }, this.options.taskTimeoutMs(job.task));
    slot.job = { ...job, id, timer };
    slot.worker.postMessage({ id, task: job.task }, job.transfer ?? []);
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.ready && !slot.job && !slot.terminatedFor) this.dispatch(slot, this.queue.shift()!);
    }
  }

  /**
   * Runs a task on the next free worker. Rejects with ExtractionFailure. `transfer` lists buffers of
   * the task that move to the worker instead of being copied; the caller must not read them again.
   */
  run(task: WorkerTask, transfer?: ArrayBuffer[]): Promise<WorkerResult> {
    if (this.stopped) return Promise.reject(failure('stopped', `${this.options.name} is stopped`));
    if (this.brokenReason) return Promise.reject(failure('crashed', this.brokenReason));
    if (this.queue.length >= this.options.maxQueue) {
      this.count(false, 'busy');
      return Promise.reject(failure('busy', `${this.options.name} queue is full`));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ task, transfer, resolve, reject });
      this.pump();
    });
  }

  /** Throws when the pool cannot take work: for the readiness check. */
  assertHealthy(): void {
    if (this.stopped) throw new Error(`${this.options.name} stopped`);
    if (this.brokenReason) throw new Error(this.brokenReason);
    if (![...this.slots].some((slot) => slot.ready)) throw new Error(`${this.options.name} has no ready worker`);
  }

  get load(): { workers: number; busy: number; queued: number } {
    return { workers: this.slots.size, busy: [...this.slots].filter((slot) => slot.job).length, queued: this.queue.length };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const queued of this.queue.splice(0)) queued.reject(failure('stopped', `${this.options.name} is stopping`));
    await Promise.all(
      [...this.slots].map((slot) => {
        slot.terminatedFor = 'stop';
        return slot.worker.terminate();
      }),
    );
    this.notifyReady();
  }
}
