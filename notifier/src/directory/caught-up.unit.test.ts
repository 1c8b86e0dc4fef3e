import { SharedCaughtUpCheck } from './caught-up';

/** A check the test settles by hand, on a clock the test moves. */
function harness() {
  let clock = 0;
  const pending: Array<(caughtUp: boolean) => void> = [];
  const shared = new SharedCaughtUpCheck(
    () => new Promise<boolean>((resolve) => pending.push(resolve)),
    () => clock,
  );
  return {
    shared,
    pending,
    at: (instant: number) => {
      clock = instant;
    },
  };
}

describe('a caught-up check shared by the events it is made for', () => {
  it('covers every event received before it started, once it found the directory caught up', async () => {
    const { shared, pending, at } = harness();
    at(10);
    const first = shared.since(5);
    expect(pending).toHaveLength(1);
    pending[0]!(true);
    await expect(first).resolves.toBe(true);
    // Received at 10 or before: covered, no new check.
    await expect(shared.since(10)).resolves.toBe(true);
    await expect(shared.since(7)).resolves.toBe(true);
    expect(pending).toHaveLength(1);
  });

  it('makes a new check for an event received after the last one started', async () => {
    const { shared, pending, at } = harness();
    at(10);
    const first = shared.since(5);
    pending[0]!(true);
    await first;
    at(20);
    const later = shared.since(11);
    expect(pending).toHaveLength(2);
    pending[1]!(true);
    await expect(later).resolves.toBe(true);
  });

  it('lets events received before a running check started wait for it, and not those received after', async () => {
    const { shared, pending, at } = harness();
    at(10);
    const running = shared.since(5);
    const joined = shared.since(9);
    expect(pending).toHaveLength(1);
    const after = shared.since(12);
    expect(pending).toHaveLength(2);
    pending[0]!(true);
    pending[1]!(true);
    await expect(Promise.all([running, joined, after])).resolves.toEqual([true, true, true]);
  });

  it('answers false to those that waited for a check whose wait ran out, and checks again for the next', async () => {
    const { shared, pending, at } = harness();
    at(10);
    const first = shared.since(5);
    const joined = shared.since(8);
    pending[0]!(false);
    await expect(Promise.all([first, joined])).resolves.toEqual([false, false]);
    const next = shared.since(5);
    expect(pending).toHaveLength(2);
    pending[1]!(true);
    await expect(next).resolves.toBe(true);
  });

  it('passes a failed check to those that waited for it, and checks again for the next', async () => {
    let calls = 0;
    const shared = new SharedCaughtUpCheck(async () => {
      calls += 1;
      if (calls === 1) throw new Error('broker down');
      return true;
    }, () => 10);
    await expect(Promise.all([shared.since(5), shared.since(8)])).rejects.toThrow('broker down');
    await expect(shared.since(5)).resolves.toBe(true);
    expect(calls).toBe(2);
  });
});
