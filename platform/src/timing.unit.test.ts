import { settledWithin, within } from './timing';

describe('within', () => {
  it("gives work's outcome when it comes first", async () => {
    await expect(within(Promise.resolve(7), 1_000)).resolves.toBe(7);
    await expect(within(Promise.reject(new Error('broken')), 1_000)).rejects.toThrow('broken');
  });

  it('rejects once the time has passed, with the error asked for', async () => {
    const never = new Promise<number>(() => undefined);
    await expect(within(never, 10)).rejects.toThrow('no answer within 10 ms');
    await expect(within(never, 10, () => new RangeError('too slow'))).rejects.toBeInstanceOf(RangeError);
  });

  it('leaves no unhandled rejection when work fails after the time has passed', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const late = new Promise<void>((_resolve, reject) => setTimeout(() => reject(new Error('late')), 30));
      await expect(within(late, 5)).rejects.toThrow('no answer within 5 ms');
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('settledWithin', () => {
  it('resolves when work settles, either way, or when the time has passed', async () => {
    await expect(settledWithin(Promise.reject(new Error('broken')), 1_000)).resolves.toBeUndefined();
    const started = Date.now();
    await settledWithin(new Promise(() => undefined), 20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });
});
