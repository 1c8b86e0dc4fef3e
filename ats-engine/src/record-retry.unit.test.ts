import pino from 'pino';
import { backoffMs, DEFAULT_BACKOFF, RecordRetryQueue, type PendingAppend, type Timers } from './record-retry';

/** A clock that moves only when told: each timer runs when `advance` passes its time. */
function manualTimers() {
  let now = 0;
  let next = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      next += 1;
      pending.set(next, { at: now + ms, callback });
      return next;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  const delays = () => [...pending.values()].map((timer) => timer.at - now);
  const advance = async (ms: number) => {
    now += ms;
    for (const [id, timer] of [...pending.entries()].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > now) continue;
      pending.delete(id);
      timer.callback();
    }
    // Let the appends the timers started settle.
    for (let i = 0; i < 50; i += 1) await Promise.resolve();
  };
  return { timers, delays, advance };
}

/** A logger that keeps what it was asked to log. */
function recordingLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  return { logger, lines, errors: () => lines.filter((line) => line.level === 50) };
}

const pendingOf = (id: string): PendingAppend => ({
  streamId: 'resume-s1',
  events: [{ eventId: id, type: 'ResumeAnalysed', schemaVersion: 1, data: { analysisId: id }, metadata: { actorId: 's1', actorRole: 'student', correlationId: `c-${id}`, causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' } }],
  studentId: 's1',
  correlationId: `c-${id}`,
});

/** A store whose append fails `failures` times, then keeps what it is given (once per event id). */
function flakyStore(failures: number) {
  let left = failures;
  const kept: string[] = [];
  const calls: string[] = [];
  const append = async (pending: PendingAppend) => {
    const id = pending.events[0]!.eventId;
    calls.push(id);
    if (left > 0) {
      left -= 1;
      throw new Error('connection refused');
    }
    if (!kept.includes(id)) kept.push(id);
  };
  return { append, kept, calls, fail: (more: number) => void (left = more) };
}

describe('backoffMs', () => {
  it('doubles from 0.5 s up to 30 s, each wait between half and all of its ceiling', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempt) => backoffMs(attempt, 1));
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect([1, 2, 7].map((attempt) => backoffMs(attempt, 0))).toEqual([250, 500, 15000]);
    expect(backoffMs(3, 0.5)).toBe(1500);
    expect(backoffMs(1, 0.5, { baseMs: 100, maxMs: 150 })).toBe(75);
    expect(backoffMs(5, 1, { baseMs: 100, maxMs: 150 })).toBe(150);
  });

  it('stays finite for any attempt', () => {
    expect(backoffMs(10_000, 1)).toBe(DEFAULT_BACKOFF.maxMs);
    expect(backoffMs(0, 1)).toBe(DEFAULT_BACKOFF.baseMs);
  });
});

describe('RecordRetryQueue', () => {
  it('retries with growing waits until the store takes it, and reports the waiting count meanwhile', async () => {
    const clock = manualTimers();
    const store = flakyStore(3);
    const { logger } = recordingLogger();
    const queue = new RecordRetryQueue(store.append, logger, { timers: clock.timers, random: () => 1 });
    expect(queue.problem()).toBeUndefined();

    await store.append(pendingOf('a')).catch((error: unknown) => queue.add(pendingOf('a'), error));
    expect(queue.size).toBe(1);
    expect(queue.problem()).toBe('1 resume analysis waiting to be recorded (event store: connection refused)');
    expect(clock.delays()).toEqual([500]);

    await clock.advance(499);
    expect(store.calls).toEqual(['a']);
    await clock.advance(1);
    expect(store.calls).toEqual(['a', 'a']);
    expect(clock.delays()).toEqual([1000]);
    await clock.advance(1000);
    expect(store.calls).toEqual(['a', 'a', 'a']);
    expect(clock.delays()).toEqual([2000]);
    expect(queue.size).toBe(1);
    await clock.advance(2000);
    expect(store.kept).toEqual(['a']);
    expect(queue.size).toBe(0);
    expect(queue.problem()).toBeUndefined();
    expect(clock.delays()).toEqual([]);
  });

  it('appends the waiting analyses oldest first, stopping at the first failure', async () => {
    const clock = manualTimers();
    const store = flakyStore(0);
    const { logger } = recordingLogger();
    const queue = new RecordRetryQueue(store.append, logger, { timers: clock.timers, random: () => 1 });
    store.fail(1); // the first retry of 'a' fails too, then everything lands
    for (const id of ['a', 'b', 'c']) queue.add(pendingOf(id), new Error('timeout'));
    expect(queue.problem()).toBe('3 resume analyses waiting to be recorded (event store: timeout)');
    expect(clock.delays()).toEqual([500]);
    await clock.advance(500);
    expect(store.calls).toEqual(['a']);
    expect(queue.problem()).toBe('3 resume analyses waiting to be recorded (event store: connection refused)');
    expect(clock.delays()).toEqual([1000]);
    await clock.advance(1000);
    expect(store.calls).toEqual(['a', 'a', 'b', 'c']);
    expect(store.kept).toEqual(['a', 'b', 'c']);
    expect(queue.size).toBe(0);
  });

  it('keeps the oldest when full: the newest is logged in full at error level', async () => {
    const clock = manualTimers();
    const store = flakyStore(100);
    const { logger, errors } = recordingLogger();
    const queue = new RecordRetryQueue(store.append, logger, { timers: clock.timers, capacity: 2 });
    expect(queue.add(pendingOf('a'), new Error('down'))).toBe(true);
    expect(queue.add(pendingOf('b'), new Error('down'))).toBe(true);
    expect(queue.add(pendingOf('c'), new Error('down'))).toBe(false);
    expect(queue.size).toBe(2);
    expect(errors()).toEqual([expect.objectContaining({ msg: expect.stringMatching(/queue full/), studentId: 's1', correlationId: 'c-c', events: pendingOf('c').events })]);
  });

  it('on stop tries once more, then logs every analysis still waiting in full at error level', async () => {
    const clock = manualTimers();
    const store = flakyStore(100);
    const { logger, errors } = recordingLogger();
    const queue = new RecordRetryQueue(store.append, logger, { timers: clock.timers });
    queue.add(pendingOf('a'), new Error('down'));
    queue.add(pendingOf('b'), new Error('down'));
    await queue.stop();
    expect(store.calls).toEqual(['a']);
    expect(clock.delays()).toEqual([]);
    expect(queue.size).toBe(0);
    expect(errors().map((line) => [line.correlationId, line.events, line.lastError])).toEqual([
      ['c-a', pendingOf('a').events, 'connection refused'],
      ['c-b', pendingOf('b').events, 'connection refused'],
    ]);
    // Nothing is kept after the stop: a late analysis is logged in full at once.
    expect(queue.add(pendingOf('c'), new Error('down'))).toBe(false);
    expect(errors()).toHaveLength(3);
  });

  it('on stop, what the last try appends is not logged', async () => {
    const clock = manualTimers();
    const store = flakyStore(0);
    const { logger, errors } = recordingLogger();
    const queue = new RecordRetryQueue(store.append, logger, { timers: clock.timers });
    queue.add(pendingOf('a'), new Error('down'));
    await queue.stop();
    expect(store.kept).toEqual(['a']);
    expect(errors()).toEqual([]);
  });
});
