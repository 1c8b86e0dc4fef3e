import { Batcher, type Outcome } from './batcher';

/** A batcher whose batches wait until the test releases them; records each batch's inputs. */
function gatedBatcher(limits: { maxBatchSize: number; maxBatchesInFlight: number }) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const batcher = new Batcher<number, number>(async (inputs) => {
    batches.push(inputs);
    await new Promise<void>((release) => releases.push(release));
    return inputs.map((input): Outcome<number> => (input < 0 ? { ok: false, error: new Error(`bad ${input}`) } : { ok: true, value: input * 10 }));
  }, limits);
  const releaseNext = async () => {
    await until(() => releases.length > 0);
    releases.shift()!();
  };
  return { batcher, batches, releaseNext };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('Batcher', () => {
  it('puts everything submitted in one turn of the event loop into one batch', async () => {
    const { batcher, batches, releaseNext } = gatedBatcher({ maxBatchSize: 100, maxBatchesInFlight: 2 });
    const results = Promise.all([1, 2, 3].map((input) => batcher.submit(input)));
    await releaseNext();
    await expect(results).resolves.toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gives the work its callers submit on completion one shared batch, not a batch of the first alone', async () => {
    const { batcher, batches, releaseNext } = gatedBatcher({ maxBatchSize: 100, maxBatchesInFlight: 2 });
    // Each client submits its next item as soon as its previous one is answered.
    const client = async (first: number) => {
      await batcher.submit(first);
      return batcher.submit(first + 100);
    };
    const clients = Promise.all([1, 2, 3, 4].map(client));
    await releaseNext();
    await releaseNext();
    await expect(clients).resolves.toEqual([1010, 1020, 1030, 1040]);
    expect(batches).toEqual([
      [1, 2, 3, 4],
      [101, 102, 103, 104],
    ]);
  });

  it('keeps to the batch size and the batches in flight, in submission order', async () => {
    const { batcher, batches, releaseNext } = gatedBatcher({ maxBatchSize: 2, maxBatchesInFlight: 2 });
    const results = Promise.all([1, 2, 3, 4, 5].map((input) => batcher.submit(input)));
    await until(() => batches.length === 2);
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await releaseNext();
    await releaseNext();
    await releaseNext();
    await expect(results).resolves.toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails only the item whose outcome failed', async () => {
    const { batcher, releaseNext } = gatedBatcher({ maxBatchSize: 100, maxBatchesInFlight: 1 });
    const results = Promise.allSettled([1, -2, 3].map((input) => batcher.submit(input)));
    await releaseNext();
    const settled = await results;
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('retries the items of a batch that threw one by one', async () => {
    const seen: number[][] = [];
    const batcher = new Batcher<number, number>(
      (inputs) => {
        seen.push(inputs);
        if (inputs.includes(-1)) return Promise.reject(new Error('the whole batch failed'));
        return Promise.resolve(inputs.map((input) => ({ ok: true as const, value: input })));
      },
      { maxBatchSize: 100, maxBatchesInFlight: 1 },
    );
    const settled = await Promise.allSettled([1, -1, 2].map((input) => batcher.submit(input)));
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(seen).toEqual([[1, -1, 2], [1], [-1], [2]]);
  });
});
