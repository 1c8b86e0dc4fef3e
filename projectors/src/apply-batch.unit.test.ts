import type { AnyBulkWriteOperation, Document } from 'mongodb';
import { CopySourceCache, dealt, NotBatchable, planBatch } from './apply-batch';
import type { ReadModelChange } from './projection';

const set = (id: string, fields: object, kind: 'upsert' | 'update' = 'update'): ReadModelChange =>
  kind === 'upsert' ? { kind, collection: 'c', id, update: { $set: fields } } : { kind, collection: 'c', filter: { _id: id }, update: { $set: fields } };

describe('planning a batch of read-model changes', () => {
  it('merges one document across events into one write guarded by the first and versioned by the last', () => {
    const plan = planBatch(
      [
        { position: 3, changes: [set('a', { status: 'x', name: 'n' }, 'upsert'), { kind: 'upsert', collection: 's', id: 'stats', update: { $inc: { total: 1, x: 1 } } }] },
        { position: 5, changes: [set('a', { status: 'y' }), { kind: 'upsert', collection: 's', id: 'stats', update: { $inc: { total: 0, x: -1 } } }] },
      ],
      new Map(),
    );
    expect(plan.writes.get('c')).toEqual([{ updateOne: { filter: { _id: 'a', _v: { $lt: 3 } }, update: { $set: { status: 'y', name: 'n', _v: 5 } }, upsert: true } }]);
    expect(plan.writes.get('s')).toEqual([{ updateOne: { filter: { _id: 'stats', _v: { $lt: 3 } }, update: { $set: { _v: 5 }, $inc: { total: 1, x: 0 } }, upsert: true } }]);
  });

  it('starts a new write when a later event adds a field (the server orders new fields per write)', () => {
    const plan = planBatch([{ position: 3, changes: [set('a', { status: 'x' }, 'upsert')] }, { position: 5, changes: [set('a', { extra: 1 })] }], new Map());
    expect(plan.writes.get('c')).toHaveLength(2);
    expect(plan.writes.get('c')![1]).toEqual({ updateOne: { filter: { _id: 'a', _v: { $lt: 5 } }, update: { $set: { extra: 1, _v: 5 } } } });
  });

  it('merges nothing across a change that names documents by another field', () => {
    const many: ReadModelChange = { kind: 'update', collection: 'c', filter: { jobId: 'j' }, update: { $set: { status: 'z' } }, many: true };
    const plan = planBatch([{ position: 3, changes: [set('a', { status: 'x' }, 'upsert')] }, { position: 4, changes: [many] }, { position: 5, changes: [set('a', { status: 'y' })] }], new Map());
    expect(plan.writes.get('c')).toHaveLength(3);
  });

  it('answers copies from the state the batch itself has written', () => {
    const plan = planBatch(
      [
        { position: 3, changes: [{ kind: 'upsert', collection: 'lookup', id: 'j', update: { $set: { title: 'Old' } } }] },
        { position: 4, changes: [{ kind: 'update', collection: 'lookup', filter: { _id: 'j' }, update: { $set: { title: 'New' } } }] },
        { position: 5, changes: [{ kind: 'upsert', collection: 'c', id: 'a', update: { $set: { jobId: 'j' } }, copy: [{ collection: 'lookup', id: 'j', fields: ['title', 'missing'], into: 'job' }] }] },
      ],
      new Map([['lookup\u0000j', null]]),
    );
    expect(plan.writes.get('c')).toEqual([{ updateOne: { filter: { _id: 'a', _v: { $lt: 5 } }, update: { $set: { jobId: 'j', job: { title: 'New', missing: null }, _v: 5 } }, upsert: true } }]);
    expect(plan.sources.get('lookup\u0000j')).toEqual({ _id: 'j', title: 'New', _v: 4 });
  });

  it('refuses a batch that moves copied documents by anything but their id', () => {
    const changes: ReadModelChange[] = [{ kind: 'update', collection: 'lookup', filter: { kind: 'x' }, update: { $set: { title: 'T' } }, many: true }];
    expect(() => planBatch([{ position: 3, changes }], new Map([['lookup\u0000j', null]]))).toThrow(NotBatchable);
  });
});

describe('the copy-source cache', () => {
  const key = (collection: string, id: string) => `${collection}\u0000${id}`;

  it('forgets the documents used longest ago past its bound, and still knows which ids a collection found empty lacks', () => {
    const cache = new CopySourceCache(2);
    cache.probedEmpty('c', true);
    cache.commit(new Map([[key('c', 'a'), { _id: 'a' }], [key('c', 'b'), { _id: 'b' }]]));
    expect(cache.get(key('c', 'a'))).toEqual({ _id: 'a' });
    cache.commit(new Map([[key('c', 'x'), { _id: 'x' }]]));
    expect(cache.get(key('c', 'b'))).toBeUndefined();
    expect(cache.get(key('c', 'a'))).toEqual({ _id: 'a' });
    expect(cache.isAbsent('c', 'b')).toBe(false);
    expect(cache.isAbsent('c', 'y')).toBe(true);
    cache.commit(new Map([[key('c', 'a'), null]]));
    expect(cache.isAbsent('c', 'a')).toBe(true);
  });

  it('knows nothing absent of a collection not found empty, or once told of writes it does not follow', () => {
    const cache = new CopySourceCache();
    cache.probedEmpty('c', false);
    expect(cache.isAbsent('c', 'a')).toBe(false);
    cache.probedEmpty('d', true);
    cache.forgetCompleteness();
    expect(cache.isAbsent('d', 'a')).toBe(false);
  });
});

describe("dealing a batch's writes of distinct documents over commands", () => {
  const replace = (id: number): AnyBulkWriteOperation => ({ replaceOne: { filter: { _id: `r${id}` } as Document, replacement: { n: id } } });
  const remove = (id: number): AnyBulkWriteOperation => ({ deleteOne: { filter: { _id: `d${id}` } as Document } });

  it('keeps a few writes in one command', () => {
    expect(dealt([remove(1), replace(1), replace(2)], 50)).toEqual([{ operations: [remove(1), replace(1), replace(2)], deleted: 1, replaced: 2 }]);
    expect(dealt([], 50)).toEqual([]);
  });

  it('deals many over at most four commands, each of at least a chunk, every write once and in order, counting each kind', () => {
    const operations = [...Array.from({ length: 30 }, (_, i) => remove(i)), ...Array.from({ length: 1_000 }, (_, i) => replace(i))];
    const commands = dealt(operations, 50);
    expect(commands).toHaveLength(4);
    expect(commands.flatMap((command) => command.operations)).toEqual(operations);
    expect(commands.map((command) => command.operations.length)).toEqual([258, 258, 258, 256]);
    expect(commands.map((command) => [command.deleted, command.replaced])).toEqual([[30, 228], [0, 258], [0, 258], [0, 256]]);
    // 120 writes: chunks of 50, so three commands
    expect(dealt(operations.slice(0, 120), 50).map((command) => command.operations.length)).toEqual([50, 50, 20]);
  });
});
