import { collectionOf, isolatedPostgresStore, loadEnv, type EventStore, type RecordedEvent } from '@placement/platform';
import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { rebuildProjection } from './rebuild';
import { SharedRebuilds } from './shared-rebuild';
import { rawCollections, scratchDatabases, systemEvent } from './test-support';

const env = loadEnv();

/** A projection keeping one document per job of `field` from its events (two of them read the same log). */
const perJob = (name: string, collection: string, field: 'title' | 'applications'): Projection => ({
  name,
  collections: [collection],
  indexes: { [collection]: [] },
  apply(event: RecordedEvent) {
    const data = event.data as { jobId: string; title?: string };
    if (event.type === 'JobPosted') return [{ kind: 'upsert', collection, id: data.jobId, update: field === 'title' ? { $set: { title: data.title } } : { $inc: { applications: 0 } } }];
    if (event.type === 'ApplicationSubmitted' && field === 'applications') return [{ kind: 'update', collection, filter: { _id: data.jobId }, update: { $inc: { applications: 1 } } }];
    return [];
  },
});

const titles = perJob('test-shared-titles', 'titles', 'title');
const counts = perJob('test-shared-counts', 'counts', 'applications');

describe('rebuilds asked for together share one read of the log', () => {
  let store: EventStore;
  let disposeStore: () => Promise<void>;
  const { next: readModels, dropAll } = scratchDatabases();

  beforeAll(async () => {
    ({ store, dispose: disposeStore } = await isolatedPostgresStore(env.POSTGRES_URL));
    for (let job = 0; job < 4; job++) await store.append(`job-${job}`, [systemEvent('JobPosted', { jobId: `j${job}`, title: `Job ${job}` })], 'no_stream');
    for (let application = 0; application < 10; application++) await store.append(`application-${application}`, [systemEvent('ApplicationSubmitted', { jobId: `j${application % 4}` })], 'no_stream');
  });
  afterAll(async () => {
    await dropAll();
    await disposeStore();
  });

  it('reads the log once for every projection asked within the window, and builds what separate rebuilds build', async () => {
    const db = await readModels();
    let reads = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      readAll: (...args: Parameters<EventStore['readAll']>) => {
        reads += 1;
        return store.readAll(...args);
      },
    });
    const shared = new SharedRebuilds(counting, db, 50);
    const [titlesBuilt, countsBuilt] = await Promise.all([titles, counts].map((projection) => shared.rebuild(projection, () => undefined, new AbortController().signal)));
    // One read of the whole log, and one that finds nothing after it.
    expect([titlesBuilt!.method, countsBuilt!.method]).toEqual(['fold', 'fold']);
    expect(reads).toBe(2);
    const head = await store.headPosition();
    for (const projection of [titles, counts]) expect(await readCheckpoint(db, projection.name)).toMatchObject({ generation: 1, position: head });

    const separately = await readModels();
    for (const projection of [titles, counts]) await rebuildProjection(projection, store, separately, undefined, { graceMs: -1 });
    const built = await rawCollections(db, [collectionOf('titles', titlesBuilt!.generation), collectionOf('counts', countsBuilt!.generation)]);
    const reference = await rawCollections(separately, [collectionOf('titles', 1), collectionOf('counts', 1)]);
    expect(Object.values(built)).toEqual(Object.values(reference));
    expect(built[collectionOf('counts', 1)]!.length).toBeGreaterThan(0);
  }, 60_000);

  it('a member that stops is told at once while the others are built; a group whose members all stopped builds nothing', async () => {
    const db = await readModels();
    const shared = new SharedRebuilds(store, db, 50);
    const stopping = new AbortController();
    const stopped = shared.rebuild(titles, () => undefined, stopping.signal);
    const going = shared.rebuild(counts, () => undefined, new AbortController().signal);
    stopping.abort(new Error('lease lost'));
    await expect(stopped).rejects.toThrow('lease lost');
    expect((await going).position).toBe(await store.headPosition());
    expect((await readCheckpoint(db, counts.name)).generation).toBe(1);

    const alone = await readModels();
    const all = new AbortController();
    const only = new SharedRebuilds(store, alone, 50).rebuild(titles, () => undefined, all.signal);
    all.abort(new Error('stopping'));
    await expect(only).rejects.toThrow('stopping');
    // Nothing was swapped in.
    expect(await readCheckpoint(alone, titles.name)).toMatchObject({ generation: 0, position: 0 });
  }, 60_000);
});
