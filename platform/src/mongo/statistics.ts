import type { Db } from 'mongodb';

const ferretdbServers = new WeakMap<Db, Promise<boolean>>();

/** Whether the read-model server is FerretDB (the local stack's), which says so in `buildInfo`. */
export function isFerretdb(db: Db): Promise<boolean> {
  let answer = ferretdbServers.get(db);
  if (!answer) {
    answer = db
      .admin()
      .command({ buildInfo: 1 })
      .then((info) => typeof info.ferretdbVersion === 'string');
    ferretdbServers.set(db, answer);
    answer.catch(() => ferretdbServers.delete(db));
  }
  return answer;
}

/**
 * Gives the planner statistics of collections filled before their indexes were built (a rebuild's new
 * generation). PostgreSQL keeps statistics of an index's expressions only from an ANALYZE run while the
 * index exists, and autovacuum analyses a freshly filled table as soon as it is written, before its
 * indexes: without this, the local server plans every filter of a rebuilt read model blind (a listing
 * page that walks its sort index in 3.6 ms took a bitmap and a sort, 18 ms). FerretDB's `compact` is
 * PostgreSQL's `VACUUM ANALYZE` (the vacuum also marks the fresh table all-visible, for index-only
 * scans). MongoDB keeps no such statistics: nothing is sent there.
 */
export async function refreshPlannerStatistics(db: Db, collections: readonly string[]): Promise<void> {
  if (!(await isFerretdb(db))) return;
  for (const collection of collections) await db.command({ compact: collection });
}
