/** `npm run rebuild -- <projection>`: rebuild one read model from the start while the old one serves. */
import { connectMongo, createEventStore, loadEnv } from '@placement/platform';
import { ALL_PROJECTIONS, projectionNamed } from './projections';
import { rebuildProjection } from './rebuild';

async function main(): Promise<void> {
  const name = process.argv[2];
  const projection = name ? projectionNamed(name) : undefined;
  if (!projection) {
    console.error(`usage: npm run rebuild -- <projection>\nprojections: ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  const env = loadEnv(process.env, { jwtSecret: false });
  const store = await createEventStore(env);
  const mongo = await connectMongo(env);
  const head = await store.headPosition();
  console.log(`[rebuild ${projection.name}] replaying the log up to position ${head} into a new generation…`);
  let lastPrint = 0;
  const result = await rebuildProjection(projection, store, mongo.db, (progress) => {
    if (Date.now() - lastPrint < 500) return;
    lastPrint = Date.now();
    const percent = progress.head === 0 ? 100 : Math.min(100, Math.round((progress.position / progress.head) * 100));
    console.log(`[rebuild ${projection.name}] ${progress.applied.toLocaleString('en-US')} events, position ${progress.position}/${progress.head} (${percent}%), ${Math.round(progress.eventsPerSecond)} events/s`);
  });
  console.log(
    `[rebuild ${projection.name}] generation ${result.generation} is serving: ${result.events.toLocaleString('en-US')} events in ${result.seconds.toFixed(1)} s (${Math.round(result.events / Math.max(result.seconds, 0.001))} events/s); old collections dropped`,
  );
  await mongo.close();
  await store.close();
}

main().catch((error: unknown) => {
  console.error(`[rebuild] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
