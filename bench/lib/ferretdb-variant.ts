/**
 * A FerretDB of its own for a benchmark, beside the stack's: the project's patched build or FerretDB as
 * released, on the local PostgreSQL with a fresh database; prints its MONGODB_URL and runs until
 * interrupted (then drops its database). Measure the read side on it, e.g. before and after the patch:
 *
 *   npx tsx bench/lib/ferretdb-variant.ts upstream --no-exact-keys   # the stack as it was
 *   npx tsx bench/lib/ferretdb-variant.ts patched                    # the stack with the patch
 *   MONGODB_URL=<printed> npm run bench:read-side -- 0.1 8 1 queries
 */
import { startFerretdb } from '../../tests/support/ferretdb-variants';

/**
 * As many backend connections as the stack's FerretDB has (PostgreSQL allows 400: run it while the
 * stack's holds fewer than the rest); FerretDB as released hangs for good once as many updates run at
 * once as it has connections (release-query-before-write.patch), which a read-model build reached
 * with 40 and 45.
 */
const BACKEND_POOL = 200;
const CLIENT_POOL = 8;

async function main(): Promise<void> {
  const variant = process.argv[2];
  if (variant !== 'patched' && variant !== 'upstream') throw new Error('usage: ferretdb-variant.ts patched|upstream [--no-exact-keys]');
  const server = await startFerretdb(variant, { exactKeys: !process.argv.includes('--no-exact-keys'), poolSize: BACKEND_POOL });
  console.log(`MONGODB_URL=${server.url}placement?maxPoolSize=${CLIENT_POOL}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
