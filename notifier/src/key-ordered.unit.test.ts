import type { EachBatchPayload, KafkaMessage } from '@placement/platform';
import { keyOrderedBatch } from './key-ordered';

const message = (offset: number, key: string): KafkaMessage => ({ offset: String(offset), key: Buffer.from(key), value: Buffer.from(`${key}:${offset}`) }) as KafkaMessage;

function payload(messages: KafkaMessage[], running: () => boolean = () => true) {
  const resolved: string[] = [];
  const value = {
    batch: { messages, topic: 't', partition: 0 },
    resolveOffset: (offset: string) => resolved.push(offset),
    heartbeat: async () => undefined,
    isRunning: running,
    isStale: () => false,
  } as unknown as EachBatchPayload;
  return { value, resolved };
}

describe('key-ordered batch handling', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps each key in order, runs keys side by side, and resolves the whole batch', async () => {
    const messages = [message(0, 'a'), message(1, 'b'), message(2, 'a'), message(3, 'c'), message(4, 'b'), message(5, 'a')];
    const seen: string[] = [];
    let running = 0;
    let most = 0;
    const { value, resolved } = payload(messages);
    jest.useFakeTimers();
    const batch = keyOrderedBatch(async (m) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(m.value!.toString());
      running -= 1;
    }, 3)(value);
    await jest.runAllTimersAsync();
    await batch;
    expect(seen.filter((entry) => entry.startsWith('a:'))).toEqual(['a:0', 'a:2', 'a:5']);
    expect(seen.filter((entry) => entry.startsWith('b:'))).toEqual(['b:1', 'b:4']);
    expect(most).toBe(3);
    expect(resolved).toEqual(['5']);
  });

  it('resolves only the run of handled messages when stopped in the middle', async () => {
    const messages = [message(0, 'a'), message(1, 'a'), message(2, 'a')];
    let handled = 0;
    const { value, resolved } = payload(messages, () => handled < 2);
    await keyOrderedBatch(async () => {
      handled += 1;
    }, 4)(value);
    expect(resolved).toEqual(['1']);
  });

  it('resolves what was handled before a failure, and lets the failure through', async () => {
    const messages = [message(0, 'a'), message(1, 'a'), message(2, 'b')];
    const { value, resolved } = payload(messages);
    await expect(
      keyOrderedBatch(async (m) => {
        if (m.offset === '1') throw new Error('broker down');
      }, 1)(value),
    ).rejects.toThrow('broker down');
    expect(resolved).toEqual(['0']);
  });
});
