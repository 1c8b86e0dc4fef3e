import { applyUpdate, NotFoldable, ReadModelFold } from './fold';

describe('the in-memory fold of a read model', () => {
  it('adds new fields in byte order across $set and $inc, after the fields already there', () => {
    const document: Record<string, unknown> = { _id: 'a', status: 'pending' };
    applyUpdate(document, { $set: { z: 1, status: 'approved', 'sort.b': 'x', B: 2 }, $inc: { count: 1 } });
    expect(Object.keys(document)).toEqual(['_id', 'status', 'B', 'count', 'sort', 'z']);
    applyUpdate(document, { $set: { 'sort.a': 'y' }, $inc: { count: 2 } });
    expect(document).toEqual({ _id: 'a', status: 'approved', B: 2, count: 3, sort: { b: 'x', a: 'y' }, z: 1 });
    expect(Object.keys(document.sort as object)).toEqual(['b', 'a']);
  });

  it('adds a string to a set as the server does: a new list at the end, never twice', () => {
    const document: Record<string, unknown> = { _id: 'j', title: 'T' };
    applyUpdate(document, { $addToSet: { overrides: 's1' }, $set: { _v: 2 } });
    applyUpdate(document, { $addToSet: { overrides: 's2' }, $set: { _v: 3 } });
    applyUpdate(document, { $addToSet: { overrides: 's1' }, $set: { _v: 4 } });
    expect(Object.keys(document)).toEqual(['_id', 'title', '_v', 'overrides']);
    expect(document.overrides).toEqual(['s1', 's2']);
  });

  it('refuses what it does not model', () => {
    expect(() => applyUpdate({}, { $push: { a: 1 } })).toThrow(NotFoldable);
    expect(() => applyUpdate({ a: 'x' }, { $addToSet: { a: 'y' } })).toThrow(NotFoldable);
    expect(() => applyUpdate({}, { $addToSet: { a: 1 } })).toThrow(NotFoldable);
    expect(() => applyUpdate({ a: 1.5 }, { $inc: { a: 1 } })).toThrow(NotFoldable);
    const fold = new ReadModelFold();
    expect(() => fold.apply([{ kind: 'update', collection: 'c', filter: { jobId: 'j' }, update: { $set: { a: 1 } } }], 1)).toThrow(NotFoldable);
  });

  it('applies upserts with copies, updates by a field and deletes, each guarded by the position', () => {
    const fold = new ReadModelFold();
    fold.apply([{ kind: 'upsert', collection: 'jobs', id: 'j1', update: { $set: { title: 'T', company: 'C' } } }], 1);
    fold.apply([{ kind: 'upsert', collection: 'apps', id: 'a1', update: { $set: { jobId: 'j1' } }, copy: [{ collection: 'jobs', id: 'j1', fields: ['title', 'missing'], into: 'job' }] }], 2);
    fold.apply([{ kind: 'upsert', collection: 'apps', id: 'a2', update: { $set: { jobId: 'j2' } }, copy: [{ collection: 'jobs', id: 'j2', fields: ['title'], into: 'job' }] }], 3);
    fold.apply([{ kind: 'update', collection: 'apps', filter: { jobId: 'j1', job: { $ne: null } }, update: { $set: { 'job.title': 'U' } }, many: true }], 4);
    // Replayed: the guard leaves what a later event already wrote.
    fold.apply([{ kind: 'upsert', collection: 'apps', id: 'a1', update: { $set: { jobId: 'old' } } }], 2);
    fold.apply([{ kind: 'update', collection: 'apps', filter: { jobId: 'j2', job: { $ne: null } }, update: { $set: { 'job.title': 'V' } }, many: true }], 5);
    fold.apply([{ kind: 'delete', collection: 'jobs', filter: { _id: 'j1' } }], 6);
    const apps = fold.documents().get('apps')!;
    expect(apps.get('a1')).toEqual({ _id: 'a1', job: { title: 'U', missing: null }, jobId: 'j1', _v: 4 });
    expect(apps.get('a2')).toEqual({ _id: 'a2', job: null, jobId: 'j2', _v: 3 });
    expect(fold.documents().get('jobs')!.size).toBe(0);
  });
});
