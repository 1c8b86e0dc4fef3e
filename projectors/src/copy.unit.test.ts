import { planBatch } from './apply-batch';
import { ReadModelFold } from './fold';
import { copiedFields, type CopyFrom } from './projection';

/** Copies into a nested field, and into the top level (`into` ''), which the student listing's read model uses. */
describe('copies of a lookup document', () => {
  const nested: CopyFrom = { collection: 'src', id: 's', fields: ['a', 'b'], into: 'copy' };
  const top: CopyFrom = { ...nested, into: '' };

  it('writes the fields under `into`, or at the top level when `into` is empty; missing fields and documents as null', () => {
    expect(copiedFields(nested, { _id: 's', a: 1, c: 3 })).toEqual({ copy: { a: 1, b: null } });
    expect(copiedFields(nested, null)).toEqual({ copy: null });
    expect(copiedFields(top, { _id: 's', a: 1, c: 3 })).toEqual({ a: 1, b: null });
    expect(copiedFields(top, null)).toEqual({ a: null, b: null });
  });

  it('is applied alike by the in-memory fold and the batch plan', () => {
    const change = { kind: 'upsert' as const, collection: 'dst', id: 'd', update: { $set: { x: 1 } }, copy: [top] };
    const fold = new ReadModelFold();
    fold.seed('src', [{ _id: 's', a: 'A', b: ['B'] }]);
    fold.apply([change], 5);
    expect(fold.documents().get('dst')?.get('d')).toEqual({ _id: 'd', x: 1, a: 'A', b: ['B'], _v: 5 });
    const plan = planBatch([{ position: 5, changes: [change] }], new Map([['src\u0000s', { _id: 's', a: 'A', b: ['B'] }]]));
    expect(plan.writes.get('dst')).toEqual([{ updateOne: { filter: { _id: 'd', _v: { $lt: 5 } }, update: { $set: { x: 1, a: 'A', b: ['B'], _v: 5 } }, upsert: true } }]);
  });
});
