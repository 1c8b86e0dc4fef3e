import { RateLimiter, Semaphore } from './rate-limiter';

describe('RateLimiter', () => {
  afterEach(() => jest.useRealTimers());

  it('spaces sends evenly', async () => {
    jest.useFakeTimers({ now: 0 });
    const limiter = new RateLimiter(100);
    const sentAt: number[] = [];
    const sending = (async () => {
      for (let n = 0; n < 11; n++) {
        await limiter.take();
        sentAt.push(Date.now());
      }
    })();
    await jest.runAllTimersAsync();
    await sending;
    expect(sentAt).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });
});

describe('Semaphore', () => {
  afterEach(() => jest.useRealTimers());

  it('never runs more than its limit at once, and runs everything', async () => {
    jest.useFakeTimers();
    const slots = new Semaphore(3);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const all = Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        slots.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 2));
          running -= 1;
          done.push(n);
        }),
      ),
    );
    await jest.runAllTimersAsync();
    await all;
    expect(most).toBe(3);
    expect(done).toHaveLength(20);
  });

  it('frees the place of a task that failed', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(slots.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
