import type { Db } from 'mongodb';
import { applyBatch, BatchConflict, CopySourceCache, type BatchEvent } from './apply-batch';
import { applyChanges } from './apply-changes';
import { rawCollections, scratchDatabases } from './test-support';

const events = (offset: number): BatchEvent[] => [
  { position: offset + 1, changes: [{ kind: 'upsert', collection: 'jobs', id: 'j1', update: { $set: { title: 'Analyst', status: 'pending' } } }] },
  { position: offset + 2, changes: [{ kind: 'upsert', collection: 'apps', id: 'a1', update: { $set: { jobId: 'j1', status: 'Applied' } }, copy: [{ collection: 'jobs', id: 'j1', fields: ['title'], into: 'job' }] }] },
  { position: offset + 3, changes: [{ kind: 'update', collection: 'jobs', filter: { _id: 'j1' }, update: { $set: { status: 'approved', approvedBy: 'admin' } } }] },
  { position: offset + 4, changes: [{ kind: 'update', collection: 'apps', filter: { jobId: 'j1' }, update: { $set: { 'job.title': 'Senior Analyst' } }, many: true }] },
  { position: offset + 5, changes: [{ kind: 'upsert', collection: 'stats', id: 'all', update: { $inc: { applications: 1 } } }] },
  { position: offset + 6, changes: [{ kind: 'delete', collection: 'apps', filter: { _id: 'a0' } }] },
  { position: offset + 7, changes: [{ kind: 'update', collection: 'jobs', filter: { _id: 'j1' }, update: { $addToSet: { overrides: 's1' } } }] },
  { position: offset + 8, changes: [{ kind: 'update', collection: 'jobs', filter: { _id: 'j1' }, update: { $addToSet: { overrides: 's2' } } }] },
  { position: offset + 9, changes: [{ kind: 'update', collection: 'jobs', filter: { _id: 'j1' }, update: { $addToSet: { overrides: 's1' } } }] },
];

describe('a batch folded in memory and written one command per collection', () => {
  const { next: scratch, dropAll } = scratchDatabases();
  afterAll(dropAll);

  /** The state both sides start from: a document the batch deletes and one it only counts in. */
  const seed = async (db: Db) => {
    await applyChanges(db, [{ kind: 'upsert', collection: 'apps', id: 'a0', update: { $set: { jobId: 'j0', status: 'Applied' } } }], 1);
    await applyChanges(db, [{ kind: 'upsert', collection: 'stats', id: 'all', update: { $inc: { applications: 1 } } }], 1);
  };

  it('leaves every document byte for byte as the events applied one by one do, over documents read once or cached', async () => {
    const [folded, oneByOne] = [await scratch(), await scratch()];
    await seed(folded);
    await seed(oneByOne);
    const cache = new CopySourceCache();
    // Two batches through one cache: the second folds over documents the first left, without reading them again.
    await applyBatch(folded, events(10), undefined, cache, 'fold');
    await applyBatch(folded, events(20), undefined, cache, 'fold');
    for (const { position, changes } of [...events(10), ...events(20)]) await applyChanges(oneByOne, changes, position);
    const collections = ['jobs', 'apps', 'stats'];
    expect(await rawCollections(folded, collections)).toEqual(await rawCollections(oneByOne, collections));
    expect(await folded.collection('stats').findOne({ _id: 'all' as never })).toMatchObject({ applications: 3, _v: 25 });
  });

  it('refuses to overwrite a document another writer changed after it was read, and leaves that writer’s state', async () => {
    const db = await scratch();
    await seed(db);
    const cache = new CopySourceCache();
    await applyBatch(db, events(10), undefined, cache, 'fold');
    // Another run (a lease holder overlapping for a moment) moves the counter behind this runner's cache.
    await applyChanges(db, [{ kind: 'upsert', collection: 'stats', id: 'all', update: { $inc: { applications: 10 } } }], 18);
    await expect(applyBatch(db, events(20), undefined, cache, 'fold')).rejects.toThrow(BatchConflict);
    expect(await db.collection('stats').findOne({ _id: 'all' as never })).toMatchObject({ applications: 12, _v: 18 });
  });
});
