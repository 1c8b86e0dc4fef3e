import type { RequestHandler } from 'express';
import type { Collection } from 'mongodb';
import type { EventStore } from '../eventstore';
import { PROJECTION_NAMES } from '../readmodels/projections';

/**
 * How far the command side may run ahead of the read side. Where the projections share their CPU with
 * the command side (the local stack's two cores), a command side running flat out outruns the
 * applications projection and the lag grows for as long as the load lasts; every screen then shows
 * seconds-old data and every read-your-writes wait runs out. Holding new commands while a projection
 * is far behind turns that lag into command latency instead: the work left is the read side's, and the
 * CPU the held commands leave goes to it. A command is held before it is decided, so its events are
 * stamped when it runs, not when it arrived.
 */
export interface ReadSidePaceSettings {
  /**
   * How old the oldest event a working projection has not applied may be before commands wait, in ms
   * (time, not a count of events: EventStoreDB's positions are log offsets); 0 never waits.
   */
  budgetMs: number;
  /** Longest one command waits. */
  maxHoldMs: number;
  /** How often waiting commands look again; one look serves every command waiting then. */
  pollMs: number;
  /**
   * A projection behind whose position has not moved for this long is not waited for: it is stopped,
   * stuck at an event or being rebuilt elsewhere, and holding the command side would not help it.
   */
  stalledAfterMs: number;
}

export const DEFAULT_READ_SIDE_PACE: ReadSidePaceSettings = { budgetMs: 250, maxHoldMs: 1000, pollMs: 25, stalledAfterMs: 2000 };

/** What the pace keeps of a projection between looks: where it was and when it was first seen there. */
export interface SeenPosition {
  position: number;
  movedAt: number;
}

/** The positions after a look (pure): a position not seen before counts as not moving until it moves. */
export function afterLook(seen: ReadonlyMap<string, SeenPosition>, positions: ReadonlyMap<string, number>, now: number): Map<string, SeenPosition> {
  const next = new Map<string, SeenPosition>();
  for (const [projection, position] of positions) {
    const before = seen.get(projection);
    next.set(projection, before === undefined ? { position, movedAt: -Infinity } : before.position === position ? before : { position, movedAt: now });
  }
  return next;
}

/** The position of the furthest-behind projection that moved lately (pure); null when none did. */
export function slowestWorking(seen: ReadonlyMap<string, SeenPosition>, now: number, stalledAfterMs: number): number | null {
  let slowest: number | null = null;
  for (const { position, movedAt } of seen.values()) if (now - movedAt < stalledAfterMs && (slowest === null || position < slowest)) slowest = position;
  return slowest;
}

interface CheckpointPosition {
  _id: string;
  position: number;
  stuck?: unknown;
}

/** Holds commands while the read side is far behind (see ReadSidePaceSettings). */
export class ReadSidePace {
  private seen = new Map<string, SeenPosition>();
  private look: Promise<number> | undefined;
  private lookedAt = -Infinity;
  private lastLag = 0;

  constructor(
    private readonly store: Pick<EventStore, 'readAll'>,
    private readonly checkpoints: Collection<CheckpointPosition>,
    readonly settings: ReadSidePaceSettings = DEFAULT_READ_SIDE_PACE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves once a command may run: at once while the read side keeps up; answers how long it was held (ms, 0 if not). */
  async ready(): Promise<number> {
    if (this.settings.budgetMs <= 0) return 0;
    const started = this.now();
    let held = false;
    while ((await this.lag()) > this.settings.budgetMs && this.now() - started < this.settings.maxHoldMs) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, this.settings.pollMs));
    }
    return held ? Math.max(1, this.now() - started) : 0;
  }

  /** The working lag in ms, looked up at most once every pollMs whoever asks; a failed look holds nothing. */
  private lag(): Promise<number> {
    if (this.now() - this.lookedAt < this.settings.pollMs) return Promise.resolve(this.lastLag);
    this.look ??= this.lookNow()
      .catch(() => 0)
      .then((lag) => {
        [this.lastLag, this.lookedAt, this.look] = [lag, this.now(), undefined];
        return lag;
      });
    return this.look;
  }

  private async lookNow(): Promise<number> {
    const checkpoints = await this.checkpoints.find({ _id: { $in: PROJECTION_NAMES } }, { projection: { position: 1, stuck: 1 } }).toArray();
    const working = new Map(checkpoints.filter((checkpoint) => checkpoint.stuck === undefined || checkpoint.stuck === null).map((checkpoint) => [checkpoint._id, checkpoint.position]));
    this.seen = afterLook(this.seen, working, this.now());
    const slowest = slowestWorking(this.seen, this.now(), this.settings.stalledAfterMs);
    if (slowest === null) return 0;
    const [next] = await this.store.readAll({ fromPosition: slowest, maxCount: 1 });
    return next ? Math.max(0, this.now() - Date.parse(next.metadata.occurredAt)) : 0;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Holds every request that may change state until `pace` lets it go; `onHeld` learns each wait that was not zero. */
export function holdCommandsForReadSide(pace: ReadSidePace, onHeld: (ms: number) => void = () => undefined): RequestHandler {
  return (req, _res, next) => {
    if (READS.has(req.method)) return next();
    pace.ready().then((held) => {
      if (held > 0) onHeld(held);
      next();
    }, next);
  };
}
