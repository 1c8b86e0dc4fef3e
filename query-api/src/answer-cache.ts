import { createHash, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Db } from 'mongodb';
import type { Actor } from '@placement/domain';
import { actorOf, CHECKPOINT_COLLECTION, Gauge, type ProjectionName, type ServiceMetrics } from '@placement/platform';
import type { QueryApiDeps } from './deps';
import { TOTAL_COUNT_HEADER } from './lists';

/**
 * Answers cached by the position of the projections they come from (issue 14).
 *
 * A list or dashboard answer is a function of (the read models it reads, the normalized query, and for
 * some routes who asks). The read models are named by their projections' checkpoints (position and
 * generation): a checkpoint is saved only after the read model holds everything up to it, so an answer
 * computed after reading checkpoints P reflects the read models at P or later. The key of an answer is
 * therefore (route, path, normalized query, identity where the answer depends on it, positions read
 * before the query, a clock bucket where the answer depends on the time); its ETag is a digest of the key.
 *
 * - `If-None-Match` equal to the current ETag: 304 without running the query.
 * - The same key again: the stored body, without running the query (a bounded LRU by bytes).
 * - Concurrent requests of one key wait for the first one's query instead of running their own.
 *
 * Read-your-writes holds: the checkpoints are read after `consistentWith` has waited for the client's
 * position, so the key's positions are at or past the client's write, and so is any answer stored under it.
 */

/** Whose answer it is: the same for every caller the route admits, per student (a student's fields), or per caller. */
export type AnswerIdentity = 'everyone' | 'student' | 'caller';

export interface CachedAnswerOptions {
  /** The projections whose read models the answer comes from (may depend on the caller). */
  projections: readonly ProjectionName[] | ((actor: Actor) => readonly ProjectionName[]);
  identity: AnswerIdentity;
  /** For answers that depend on the time: the bucket of `now` they are valid for (e.g. the UTC day). Null: do not cache this request. */
  clock?: (req: Request, res: Response) => string | null;
}

interface StoredAnswer {
  etag: string;
  /** Headers the handler set that the answer needs again (X-Total-Count). */
  headers: [string, string][];
  body: Buffer;
  bytes: number;
}

/** Headers of a list reply that belong to its answer. */
const REPLAYED_HEADERS = [TOTAL_COUNT_HEADER.toLowerCase()];

/** What an entry costs beyond its body: the key, the ETag, the map's and the object's overhead (measured order of magnitude). */
const ENTRY_OVERHEAD_BYTES = 400;

/** A least-recently-used store of answers, bounded by their bytes. */
export class AnswerCache {
  private readonly entries = new Map<string, StoredAnswer>();
  private readonly inFlight = new Map<string, Promise<StoredAnswer | null>>();
  private storedBytes = 0;
  hits = 0;
  misses = 0;
  notModified = 0;
  /** How many times a handler ran to answer a key (once per key while its answer is kept). */
  computed = 0;

  constructor(readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get stats() {
    return { entries: this.entries.size, bytes: this.storedBytes, maxBytes: this.maxBytes, hits: this.hits, misses: this.misses, notModified: this.notModified, computed: this.computed };
  }

  get(key: string): StoredAnswer | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    this.entries.set(key, found);
    return found;
  }

  set(key: string, answer: StoredAnswer): void {
    const cost = answer.bytes + key.length * 2 + ENTRY_OVERHEAD_BYTES;
    // One answer larger than an eighth of the cache would push out most of the rest: not kept.
    if (!this.enabled || cost > this.maxBytes / 8) return;
    this.delete(key);
    this.entries.set(key, { ...answer, bytes: cost });
    this.storedBytes += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.storedBytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.storedBytes -= entry.bytes;
    }
  }

  private delete(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.delete(key);
    this.storedBytes -= found.bytes;
  }

  /** The answer of `key`, computed once however many requests ask for it at the same time. */
  async once(key: string, compute: () => Promise<StoredAnswer | null>): Promise<StoredAnswer | null> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = compute().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}

/** Longer than ReadModels' generation cache (250 ms): after a swap, answers are neither tagged nor kept for this long. */
export const GENERATION_SETTLE_MS = 1000;

/** Default size of the answer cache, in MiB (QUERY_ANSWER_CACHE_MB; 0 turns it off). */
export const DEFAULT_ANSWER_CACHE_MB = 32;

/**
 * Reads projections' checkpoints, joining requests that arrive while a read is still waiting to start:
 * a read is shared only by requests that asked before it was sent, so nobody gets positions older than
 * the moment it asked (which read-your-writes relies on).
 */
export class CheckpointReader {
  private queued: { names: Set<string>; result: Promise<Map<string, string>> } | null = null;
  /** Each projection's generation as last read, and when a new one was first seen. */
  private readonly generations = new Map<string, { generation: string; seenAt: number }>();

  constructor(private readonly db: Db) {}

  /**
   * False for a moment after a rebuild swapped a projection's generation in: the routes' ReadModels keep
   * the generation they read for up to GENERATION_TTL_MS, so an answer computed then may come from the
   * old one. Such answers are sent without an ETag and not kept.
   */
  settled(read: Map<string, string>, now = Date.now()): boolean {
    let settled = true;
    for (const [name, value] of read) {
      const generation = value.split(':')[0]!;
      const known = this.generations.get(name);
      if (!known) this.generations.set(name, { generation, seenAt: 0 });
      else if (known.generation !== generation) this.generations.set(name, { generation, seenAt: now });
      if (now - (this.generations.get(name)!.seenAt) < GENERATION_SETTLE_MS) settled = false;
    }
    return settled;
  }

  read(projections: readonly string[]): Promise<Map<string, string>> {
    if (!this.queued) {
      const names = new Set<string>();
      const result = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        this.queued = null;
        const found = await this.db
          .collection<CheckpointPositions>(CHECKPOINT_COLLECTION)
          .find({ _id: { $in: [...names] } }, { projection: { position: 1, changedPosition: 1, changedFor: 1, generation: 1 } })
          .toArray();
        return new Map(found.map((checkpoint) => [checkpoint._id, `${checkpoint.generation ?? 0}:${stateOf(checkpoint)}`]));
      });
      this.queued = { names, result };
    }
    for (const name of projections) this.queued.names.add(name);
    return this.queued.result;
  }
}

interface CheckpointPositions {
  _id: string;
  position?: number;
  changedPosition?: number;
  changedFor?: number;
  generation?: number;
}

/**
 * What names a read model's state: the last event that changed it (events the projection ignores move
 * only `position`), unless the position moved without it (a projectors process that does not keep it).
 */
export const stateOf = (checkpoint: Omit<CheckpointPositions, '_id'>): number =>
  checkpoint.changedPosition !== undefined && checkpoint.changedFor === checkpoint.position ? checkpoint.changedPosition : (checkpoint.position ?? 0);

/** Query parameters in one canonical form: keys sorted at every level. */
export function normalizedQuery(query: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, item]) => item !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([name, item]) => [name, canonical(item)]),
      );
    }
    return value;
  };
  return JSON.stringify(canonical(query ?? {}));
}

/** Who the answer is for, as part of its key. */
export function identityOf(actor: Actor, identity: AnswerIdentity): string {
  if (identity === 'everyone') return '*';
  if (identity === 'student') return actor.role === 'student' && actor.id ? `student:${actor.id}` : '*';
  return `${actor.role}:${actor.id ?? '-'}`;
}

/** The answer's key: everything it is a function of. */
export function answerKey(parts: { build: string; route: string; path: string; query: string; identity: string; positions: string; clock: string }): string {
  return JSON.stringify([parts.build, parts.route, parts.path, parts.query, parts.identity, parts.positions, parts.clock]);
}

export const etagOf = (key: string): string => `"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names `etag` (a list, weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export interface AnswerCaching {
  cache: AnswerCache;
  checkpoints: CheckpointReader;
  /** Names this process's code: a new build answers with new ETags (its replies may be shaped differently). */
  build: string;
}

const cachings = new WeakMap<Db, AnswerCaching>();

/** One cache per read-model database a query-api serves, sized by QUERY_ANSWER_CACHE_MB. */
export function answerCachingOf(deps: Pick<QueryApiDeps, 'db' | 'env'>): AnswerCaching {
  let found = cachings.get(deps.db);
  if (!found) {
    const maxBytes = Math.round((deps.env.QUERY_ANSWER_CACHE_MB ?? DEFAULT_ANSWER_CACHE_MB) * 1024 * 1024);
    found = { cache: new AnswerCache(maxBytes), checkpoints: new CheckpointReader(deps.db), build: randomUUID() };
    cachings.set(deps.db, found);
  }
  return found;
}

function sendStored(res: Response, answer: StoredAnswer): void {
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(answer.body);
}

/**
 * Wraps a list or dashboard handler that answers with `res.json`: ETag and 304, the stored answer on a
 * hit, the handler's answer stored on a miss. The permission guard and the consistency wait have run
 * before (they are the route's `before`), so only callers the route admits get here.
 */
export function cachedByPosition(
  caching: AnswerCaching,
  route: string,
  options: CachedAnswerOptions,
  handler: (req: Request, res: Response) => Promise<void>,
): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    const clock = options.clock ? options.clock(req, res) : '';
    if (!caching.cache.enabled || clock === null) return handler(req, res);
    const actor = actorOf(res);
    const projections = typeof options.projections === 'function' ? options.projections(actor) : options.projections;
    const read = await caching.checkpoints.read(projections);
    if (!caching.checkpoints.settled(read)) return handler(req, res);
    const positions = projections.map((name) => `${name}=${read.get(name) ?? '0:0'}`).join(',');
    const key = answerKey({
      build: caching.build,
      route,
      path: req.path,
      query: normalizedQuery(res.locals.query),
      identity: identityOf(actor, options.identity),
      positions,
      clock,
    });
    const etag = etagOf(key);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Vary', 'Authorization');
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      caching.cache.notModified += 1;
      res.status(304).end();
      return;
    }
    const stored = caching.cache.get(key);
    if (stored) {
      caching.cache.hits += 1;
      sendStored(res, stored);
      return;
    }
    caching.cache.misses += 1;
    let ranHere = false;
    const answer = await caching.cache.once(key, async () => {
      ranHere = true;
      caching.cache.computed += 1;
      const captured = await captureJson(req, res, handler);
      if (captured) caching.cache.set(key, captured);
      return captured;
    });
    if (ranHere) return;
    // Another request computed it: send its answer, or run the handler when it failed.
    if (answer) sendStored(res, answer);
    else await captureJson(req, res, handler);
  };
}

/**
 * The part of a per-caller answer that is the same for everyone (the job listing's page under a
 * student's own marks), computed once per position of `projections` and `key` and kept like answers;
 * `compute`'s value must survive JSON. Called from a handler, after the consistency wait.
 */
export async function sharedByPosition<T>(caching: AnswerCaching, route: string, projections: readonly ProjectionName[], key: string, compute: () => Promise<T>): Promise<T> {
  if (!caching.cache.enabled) return compute();
  const read = await caching.checkpoints.read(projections);
  if (!caching.checkpoints.settled(read)) return compute();
  const positions = projections.map((name) => `${name}=${read.get(name) ?? '0:0'}`).join(',');
  const cacheKey = answerKey({ build: caching.build, route, path: 'shared', query: key, identity: '*', positions, clock: '' });
  const stored = caching.cache.get(cacheKey);
  if (stored) {
    caching.cache.hits += 1;
    return JSON.parse(stored.body.toString('utf8')) as T;
  }
  caching.cache.misses += 1;
  let value: T | undefined;
  let ranHere = false;
  const answer = await caching.cache.once(cacheKey, async () => {
    ranHere = true;
    caching.cache.computed += 1;
    value = await compute();
    const body = Buffer.from(JSON.stringify(value), 'utf8');
    const entry = { etag: '', headers: [], body, bytes: body.length };
    caching.cache.set(cacheKey, entry);
    return entry;
  });
  if (ranHere) return value as T;
  return answer ? (JSON.parse(answer.body.toString('utf8')) as T) : compute();
}

/** Runs the handler, sending what it sends, and hands back its JSON answer when it was a 200. */
async function captureJson(req: Request, res: Response, handler: (req: Request, res: Response) => Promise<void>): Promise<StoredAnswer | null> {
  let captured: StoredAnswer | null = null;
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    // Only a 200 is the answer its tag names: anything else leaves without one, so it is never confirmed by a 304.
    if (res.statusCode !== 200) res.removeHeader('ETag');
    if (res.statusCode === 200) {
      const bytes = Buffer.from(JSON.stringify(body), 'utf8');
      const headers = REPLAYED_HEADERS.flatMap((name): [string, string][] => {
        const value = res.getHeader(name);
        return value === undefined ? [] : [[name, String(value)]];
      });
      captured = { etag: String(res.getHeader('ETag')), headers, body: bytes, bytes: bytes.length };
    }
    return json(body);
  };
  try {
    await handler(req, res);
  } catch (error) {
    if (!res.headersSent) res.removeHeader('ETag');
    throw error;
  }
  return captured;
}

/** The cache's size and use on the service's /metrics (query_answer_cache{measure="bytes|entries|hits|misses|not_modified|computed"}). */
export function reportAnswerCache(metrics: ServiceMetrics, caching: AnswerCaching): void {
  new Gauge({
    name: 'query_answer_cache',
    help: 'Answers cached by projection position: bytes and entries held (bytes bounded by QUERY_ANSWER_CACHE_MB), hits, misses, 304s and handler runs since start',
    labelNames: ['measure'],
    registers: [metrics.registry],
    collect() {
      const stats = caching.cache.stats;
      this.set({ measure: 'bytes' }, stats.bytes);
      this.set({ measure: 'max_bytes' }, stats.maxBytes);
      this.set({ measure: 'entries' }, stats.entries);
      this.set({ measure: 'hits' }, stats.hits);
      this.set({ measure: 'misses' }, stats.misses);
      this.set({ measure: 'not_modified' }, stats.notModified);
      this.set({ measure: 'computed' }, stats.computed);
    },
  });
}
