import type { Db } from 'mongodb';
import type { EventStore } from '@placement/platform';
import type { Projection } from './projection';
import { rebuildProjections, type RebuildProgress, type RebuildResult } from './rebuild';

/**
 * Projections of a group written at once. Separate rebuilds wrote all nine at once; two streams left the
 * largest two waiting behind the small ones, four keep the server's cores as busy as nine did.
 */
const GROUP_WRITERS = 4;

interface Request {
  projection: Projection;
  report: (progress: RebuildProgress) => void;
  signal: AbortSignal;
  resolve: (result: RebuildResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Rebuilds asked for within `gatherMs` of each other run as one (`rebuildProjections`): the log is read
 * and parsed once and folded by each projection, instead of once per projection. A projectors process
 * that starts far behind asks for all nine at once; read separately, the nine reads of the log cost
 * more CPU than the folds and the inserts together (issue 14's catch-up).
 *
 * Each caller's promise settles as soon as its own projection is serving (or its rebuild failed), and
 * rejects at once when its signal aborts; the group stops only when every member's signal has aborted.
 * A member that stopped while the others went on still has its new generation swapped in: whichever
 * runner serves the projection next follows it, as it follows any rebuild.
 */
export class SharedRebuilds {
  private gathering: Request[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly db: Db,
    private readonly gatherMs = 1000,
  ) {}

  rebuild(projection: Projection, report: (progress: RebuildProgress) => void, signal: AbortSignal): Promise<RebuildResult> {
    return new Promise<RebuildResult>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      this.gathering.push({ projection, report, signal, resolve, reject });
      this.timer ??= setTimeout(() => void this.runGathered(), this.gatherMs);
    });
  }

  private async runGathered(): Promise<void> {
    this.timer = undefined;
    const group: Request[] = [];
    for (const request of this.gathering.splice(0)) {
      if (request.signal.aborted) request.reject(request.signal.reason);
      else group.push(request);
    }
    if (group.length === 0) return;
    const pending = new Map(group.map((request) => [request.projection.name, request]));
    const stopGroup = new AbortController();
    const settle = (name: string, settleRequest: (request: Request) => void) => {
      const request = pending.get(name);
      if (!request) return;
      pending.delete(name);
      settleRequest(request);
    };
    for (const request of group)
      request.signal.addEventListener(
        'abort',
        () => {
          settle(request.projection.name, ({ reject }) => reject(request.signal.reason));
          // What is left to build is only for members that stopped.
          if (pending.size === 0) stopGroup.abort(request.signal.reason);
        },
        { once: true },
      );
    const report = (progress: RebuildProgress) => {
      for (const request of group) if (progress.projection === undefined || progress.projection === request.projection.name) request.report(progress);
    };
    try {
      await rebuildProjections(
        group.map((request) => request.projection),
        this.store,
        this.db,
        report,
        { graceMs: -1, writers: GROUP_WRITERS, signal: stopGroup.signal, onBuilt: (name, result) => settle(name, ({ resolve }) => resolve(result)) },
      );
    } catch (error) {
      for (const { projection } of group) settle(projection.name, ({ reject }) => reject(error));
    }
  }
}
