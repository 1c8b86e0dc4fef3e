import { independentChanges } from './apply-changes';
import type { ReadModelChange } from './projection';

const upsert = (collection: string, copyFrom?: string): ReadModelChange => ({
  kind: 'upsert',
  collection,
  id: 'x',
  update: { $set: { a: 1 } },
  ...(copyFrom ? { copy: [{ collection: copyFrom, id: 'y', fields: ['f'], into: 'copied' }] } : {}),
});

describe('which changes of one event may go to the server at once', () => {
  it('those that each write a collection of their own and copy from none of them', () => {
    expect(independentChanges([upsert('applications', 'application_jobs'), upsert('application_stats')])).toBe(true);
  });

  it('not two changes of one collection', () => {
    expect(independentChanges([upsert('jobs'), { kind: 'update', collection: 'jobs', filter: { _id: 'y' }, update: { $set: { b: 2 } } }])).toBe(false);
  });

  it('not a copy from a collection the same event writes', () => {
    expect(independentChanges([{ kind: 'update', collection: 'application_jobs', filter: { _id: 'y' }, update: { $set: { f: 2 } } }, upsert('applications', 'application_jobs')])).toBe(false);
  });
});
