/**
 * `npm run rebuild -- <projection>… | all`: rebuild read models from the start while the old ones serve.
 * Several at once (or all) read the log once for all of them.
 */
import { connectMongo, createEventStore, loadEnv } from '@placement/platform';
import { ALL_PROJECTIONS, projectionNamed } from './projections';
import type { Projection } from './projection';
import { rebuildProjections, type RebuildProgress } from './rebuild';

const count = (n: number) => n.toLocaleString('en-US');

function describe(progress: RebuildProgress): string {
  const tag = `[rebuild${progress.projection ? ` ${progress.projection}` : ''}]`;
  if (progress.phase === 'writing') return `${tag} writing the new generation: ${count(progress.written ?? 0)} of ${count(progress.documents ?? 0)} documents`;
  if (progress.phase === 'indexing') return `${tag} building the indexes over ${count(progress.written ?? 0)} documents`;
  const percent = progress.head === 0 ? 100 : Math.min(100, Math.round((progress.position / progress.head) * 100));
  return `${tag} ${count(progress.applied)} events, position ${progress.position}/${progress.head} (${percent}%), ${Math.round(progress.eventsPerSecond)} events/s`;
}

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const projections = names.includes('all') ? ALL_PROJECTIONS : names.map((name) => projectionNamed(name));
  if (names.length === 0 || projections.some((projection) => projection === undefined)) {
    console.error(`usage: npm run rebuild -- <projection>… | all\nprojections: ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  const env = loadEnv(process.env, { jwtSecret: false });
  const store = await createEventStore(env);
  const mongo = await connectMongo(env);
  const head = await store.headPosition();
  const which = (projections as Projection[]).map((projection) => projection.name).join(', ');
  console.log(`[rebuild] ${which}: reading the log up to position ${head} into new generations…`);
  let lastPrint = 0;
  let lastPhase: string | undefined;
  const results = await rebuildProjections(projections as Projection[], store, mongo.db, (progress) => {
    const phase = `${progress.projection ?? ''} ${progress.phase ?? ''}`;
    if (Date.now() - lastPrint < 500 && phase === lastPhase) return;
    lastPrint = Date.now();
    lastPhase = phase;
    console.log(describe(progress));
  });
  for (const [name, result] of results)
    console.log(
      `[rebuild ${name}] generation ${result.generation} is serving: ${count(result.events)} events in ${result.seconds.toFixed(1)} s (${Math.round(result.events / Math.max(result.seconds, 0.001))} events/s, ${result.method === 'fold' ? 'folded in memory' : 'applied in batches'}); old collections dropped`,
    );
  await mongo.close();
  await store.close();
}

main().catch((error: unknown) => {
  console.error(`[rebuild] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
