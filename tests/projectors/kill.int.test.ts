import type { Db } from 'mongodb';
import { checkpoints } from '../../projectors/src/checkpoints';
import { ALL_PROJECTIONS } from '../../projectors/src/projections';
import { rawCollections, runToHead, scratchReadModels } from '../../projectors/src/test-support';
import { createNamespace, kill, spawnInNamespace, until, type Namespace } from '../notifier/support';
import { loadPortal } from '../support/portal-load';
import type { ServiceProcess } from '../support/processes';

/** Each projection's saved position, and the highest event position applied to any of its documents. */
async function progressOf(db: Db): Promise<{ projection: string; checkpoint: number; applied: number }[]> {
  const saved = new Map((await checkpoints(db).find().toArray()).map((checkpoint) => [checkpoint._id, checkpoint.position]));
  return Promise.all(
    ALL_PROJECTIONS.map(async (projection) => {
      const versions = await Promise.all(projection.collections.map(async (name) => (await db.collection(name).find({}, { projection: { _v: 1 } }).sort({ _v: -1 }).limit(1).toArray())[0]?._v as number | undefined));
      return { projection: projection.name, checkpoint: saved.get(projection.name) ?? 0, applied: Math.max(0, ...versions.map((version) => version ?? 0)) };
    }),
  );
}

describe('the projectors process killed in the middle of a batch', () => {
  let ns: Namespace;
  const processes: ServiceProcess[] = [];

  beforeAll(async () => {
    ns = await createNamespace();
  }, 60_000);
  afterAll(async () => {
    for (const process of processes) if (process.child.exitCode === null && process.child.signalCode === null) await kill(process, 'SIGKILL');
    await ns?.dispose();
  }, 60_000);

  it('catches up after a restart to read models byte for byte the same as a clean rebuild', async () => {
    await loadPortal(ns.store, { users: 150, jobs: 120, applications: 900, statusChanges: 300 }, { seed: 7 });
    const head = await ns.store.headPosition();

    // Batches small enough that the log is several of them (a catch-up waits for full batches of 20,000),
    // and checkpoints rare enough that batches are written past the saved one for a while.
    const first = await spawnInNamespace('projectors', ns, { PROJECTOR_BATCH_SIZE: '100', PROJECTOR_CHECKPOINT_EVERY: '1000', PROJECTOR_CHECKPOINT_IDLE_MS: '2000' });
    processes.push(first);
    // Kill while the slowest read models are between checkpoints: applied past the saved position.
    await until(
      async () => {
        const progress = await progressOf(ns.mongo.db);
        return progress.some(({ checkpoint, applied }) => checkpoint > 0 && applied > checkpoint && applied < head);
      },
      { timeoutMs: 240_000, intervalMs: 10, what: 'a projection part way through the log' },
    );
    await kill(first, 'SIGKILL');
    const atKill = await progressOf(ns.mongo.db);
    const caughtMidBatch = atKill.filter(({ checkpoint, applied }) => applied > checkpoint);
    console.log(`projectors killed at ${atKill.map(({ projection, checkpoint, applied }) => `${projection} ${checkpoint}/${applied}`).join(', ')} (checkpoint/applied of ${head})`);
    expect(caughtMidBatch.length).toBeGreaterThan(0);

    const second = await spawnInNamespace('projectors', ns);
    processes.push(second);
    let reported = Date.now();
    await until(
      async () => {
        const progress = await progressOf(ns.mongo.db);
        if (Date.now() - reported > 30_000) {
          reported = Date.now();
          console.log(`catching up: ${progress.map(({ projection, checkpoint }) => `${projection} ${checkpoint}`).join(', ')} of ${head}`);
        }
        return progress.every(({ checkpoint }) => checkpoint >= head);
      },
      { timeoutMs: 480_000, intervalMs: 500, what: 'every projection at the head' },
    );
    await kill(second, 'SIGTERM');

    const clean = await scratchReadModels();
    try {
      for (const projection of ALL_PROJECTIONS) {
        await runToHead(projection, ns.store, clean.db, 300_000);
        expect(await rawCollections(ns.mongo.db, projection.collections)).toEqual(await rawCollections(clean.db, projection.collections));
      }
    } finally {
      await clean.drop();
    }
  }, 900_000);
});
