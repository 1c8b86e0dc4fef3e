/**
 * Projection catch-up from position 0, event by event beside in batches, on the same generated season:
 * each projection's runner builds its read model into a scratch database of its own, first with
 * `batchSize: 1` (each event's changes written on their own, guarded per document, as before batching),
 * then with the default batches written as merged guarded writes per document (`batched-merge`, the path
 * before folding, the baseline), then folded in memory and written once per document (`batched`, the
 * runner's default), then the rebuild applying the log in batches through the server (as it did
 * before folding), then `npm run rebuild`'s path (the log folded in memory, inserted in large batches,
 * indexes built after). Events/s counts the whole log, which each projection reads. The builds are
 * compared byte for byte. Last, every read model rebuilt at once (`npm run rebuild -- all`: one read of
 * the log for all of them), timed as a whole.
 *
 *   npx tsx bench/projection-catchup.ts [scale = 0.02] [paths = one-by-one,batched-merge,batched,rebuild-batches,rebuild,all]
 *   (needs `npm start`'s PostgreSQL and FerretDB)
 *
 * scale multiplies the issue's sizes (1 = 20,000 students, 50,000 jobs, 200,000 applications, 50,000
 * status changes).
 */
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { collectionOf, isolatedPostgresStore, loadEnv } from '@placement/platform';
import { ALL_PROJECTIONS } from '../projectors/src/projections';
import { rebuildProjection, rebuildProjections } from '../projectors/src/rebuild';
import { rawCollections, runToHead, scratchReadModels } from '../projectors/src/test-support';
import { useEphemeralJwtSecret } from '../tests/support/ephemeral-secret';
import { loadPortal } from '../tests/support/portal-load';

async function main(): Promise<void> {
  useEphemeralJwtSecret();
  const scale = Number(process.argv[2] ?? 0.02);
  const paths = new Set((process.argv[3] ?? 'one-by-one,batched-merge,batched,rebuild-batches,rebuild,all').split(','));
  const size = { users: Math.round(20_000 * scale), jobs: Math.round(50_000 * scale), applications: Math.round(200_000 * scale), statusChanges: Math.round(50_000 * scale) };
  const { store, dispose } = await isolatedPostgresStore(loadEnv().POSTGRES_URL);
  const scratch: { drop: () => Promise<void> }[] = [];
  try {
    const loaded = await loadPortal(store, size);
    const head = await store.headPosition();
    console.log(`loaded ${size.users} students, ${size.jobs} jobs, ${size.applications} applications, ${size.statusChanges} status changes: ${head} events in ${loaded.seconds.toFixed(0)} s`);
    const rows: string[][] = [];
    const totals: Record<string, number> = {};
    for (const projection of ALL_PROJECTIONS) {
      const row = [projection.name];
      const built: Record<string, Record<string, Buffer>> = {};
      for (const path of ['one-by-one', 'batched-merge', 'batched', 'rebuild-batches', 'rebuild']) {
        if (!paths.has(path)) {
          row.push('-');
          continue;
        }
        const readModels = await scratchReadModels();
        scratch.push(readModels);
        const started = performance.now();
        if (path.startsWith('rebuild')) await rebuildProjection(projection, store, readModels.db, undefined, { graceMs: -1, fold: path === 'rebuild' });
        else await runToHead(projection, store, readModels.db, 3_600_000, { batchSize: path === 'one-by-one' ? 1 : undefined, batchMethod: path === 'batched-merge' ? 'merge' : 'fold' });
        const seconds = (performance.now() - started) / 1000;
        totals[path] = (totals[path] ?? 0) + seconds;
        const generation = path.startsWith('rebuild') ? 1 : 0;
        const raw = await rawCollections(readModels.db, projection.collections.map((collection) => collectionOf(collection, generation)));
        built[path] = Object.fromEntries(projection.collections.map((collection) => [collection, raw[collectionOf(collection, generation)]!]));
        row.push(`${(head / seconds).toFixed(0)} events/s (${seconds.toFixed(1)} s)`);
        console.log(`  ${projection.name} ${path}: ${row[row.length - 1]}`);
      }
      const builds = Object.values(built);
      row.push(builds.every((build) => isDeepStrictEqual(build, builds[0])) ? 'same bytes' : 'DIFFERENT');
      rows.push(row);
    }
    console.log(`\n${head} events; each projection reads all of them\n`);
    console.log(['projection', 'event by event', 'batched, merged writes (before)', 'batched, folded (now)', 'rebuild in batches', 'rebuild folded', 'read models'].join(' | '));
    for (const row of rows) console.log(row.join(' | '));
    console.log(`all projections one after the other: ${Object.entries(totals).map(([path, seconds]) => `${path} ${seconds.toFixed(0)} s`).join(', ')}`);
    if (paths.has('all')) {
      const readModels = await scratchReadModels();
      scratch.push(readModels);
      const started = performance.now();
      let last = 0;
      const results = await rebuildProjections(ALL_PROJECTIONS, store, readModels.db, (progress) => {
        if (performance.now() - last < 5000) return;
        last = performance.now();
        console.log(`  [all] ${progress.phase} ${progress.projection ?? ''} ${progress.applied} events${progress.written === undefined ? '' : `, ${progress.written}/${progress.documents} documents`}`);
      }, { graceMs: -1 });
      const seconds = (performance.now() - started) / 1000;
      console.log(`every read model rebuilt at once (one read of the log, ${[...results.values()].map((result) => result.method).join('/')}): ${seconds.toFixed(1)} s, ${(head / seconds).toFixed(0)} events/s of the log`);
    }
  } finally {
    for (const readModels of scratch) await readModels.drop();
    await dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
