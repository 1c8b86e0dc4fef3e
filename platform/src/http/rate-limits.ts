import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Collection, Db } from 'mongodb';
import { afterResponse } from './after-response';
import { HttpError } from './errors';

/**
 * Rate limits that every replica shares. The counters live in the MongoDB read-model database: it is
 * the one store both stacks have (the local stack's event store is PostgreSQL, the production stack's
 * EventStoreDB, and FerretDB or MongoDB serves the read models in both).
 *
 * Each hit is a document of its own, and a count is the number of a key's documents in the window.
 * An increment (`$inc`) would be one write, but FerretDB 1.24 applies updates as read-modify-write
 * without a lock: 20 concurrent increments of one counter ended at 8. Inserts and counts are exact
 * on both servers; two requests at once may both count each other, never miss one. Once a key has
 * reached its cap (the limit, past which every request is refused anyway) no more documents are
 * written, so a flood cannot grow a key's count beyond it. Keys are hashed: an e-mail in a key is
 * neither stored nor bound by the server's index key size.
 */

export const RATE_LIMIT_COLLECTION = 'rate_limits';
const SWEEP_EVERY_MS = 5 * 60_000;

export interface WindowCount {
  hits: number;
  /** When the window ends and the count starts again. */
  resetAt: Date;
}

export interface RateCounters {
  /** Counts one hit of `key` in its current window of `windowMs`; past `cap` hits it only counts. */
  increment: (key: string, windowMs: number, cap?: number) => Promise<WindowCount>;
  /** Takes one hit back (a request that does not count, such as a successful login). */
  decrement: (key: string, windowMs: number) => Promise<void>;
  reset: (key: string, windowMs: number) => Promise<void>;
  get: (key: string, windowMs: number) => Promise<WindowCount | undefined>;
}

interface HitDocument {
  /** The key and window, hashed. */
  k: string;
  expiresAt: Date;
}

/** The store could not be reached: the request is refused with 503, never let through uncounted. */
export class RateLimitStoreUnavailable extends HttpError {
  constructor(readonly reason: unknown) {
    super(503, 'The service is busy. Please try again in a few seconds.');
    this.name = 'RateLimitStoreUnavailable';
  }
}

const windowOf = (now: Date, windowMs: number) => {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start, resetAt: new Date(start + windowMs) };
};

const windowKey = (key: string, windowMs: number, start: number) => createHash('sha256').update(`${windowMs}\u0000${start}\u0000${key}`).digest('hex');

/**
 * Counters in `db` (collection `rate_limits`). Expired windows are deleted by a TTL index where the
 * server keeps one (MongoDB) and by a sweep at most every five minutes from each process (FerretDB
 * has no TTL monitor).
 */
export function mongoRateCounters(db: Db, options: { collection?: string; now?: () => Date } = {}): RateCounters {
  const collection: Collection<HitDocument> = db.collection<HitDocument>(options.collection ?? RATE_LIMIT_COLLECTION);
  const now = options.now ?? (() => new Date());
  let indexed: Promise<unknown> | undefined;
  let lastSweep = 0;

  // One index per command: FerretDB drops the connection when one command names several that exist.
  const prepare = () => {
    indexed ??= collection
      .createIndex({ k: 1 }, { name: 'k' })
      .then(() => collection.createIndex({ expiresAt: 1 }, { name: 'expiresAt_ttl', expireAfterSeconds: 0 }))
      .catch(() => undefined);
    const at = now().getTime();
    if (at - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = at;
      void collection.deleteMany({ expiresAt: { $lt: new Date(at) } }).catch(() => undefined);
    }
    return indexed;
  };

  const unavailable = (error: unknown): never => {
    throw new RateLimitStoreUnavailable(error);
  };

  const current = (key: string, windowMs: number) => {
    const { start, resetAt } = windowOf(now(), windowMs);
    return { k: windowKey(key, windowMs, start), resetAt };
  };

  async function increment(key: string, windowMs: number, cap = Number.POSITIVE_INFINITY): Promise<WindowCount> {
    await prepare();
    const { k, resetAt } = current(key, windowMs);
    try {
      const before = Number.isFinite(cap) ? await collection.countDocuments({ k }) : 0;
      if (before >= cap) return { hits: before + 1, resetAt };
      await collection.insertOne({ k, expiresAt: resetAt });
      return { hits: await collection.countDocuments({ k }), resetAt };
    } catch (error) {
      return unavailable(error);
    }
  }

  async function decrement(key: string, windowMs: number): Promise<void> {
    await collection.deleteOne({ k: current(key, windowMs).k }).catch(unavailable);
  }

  async function reset(key: string, windowMs: number): Promise<void> {
    await collection.deleteMany({ k: current(key, windowMs).k }).catch(unavailable);
  }

  async function get(key: string, windowMs: number): Promise<WindowCount | undefined> {
    const { k, resetAt } = current(key, windowMs);
    const hits = await collection.countDocuments({ k }).catch(unavailable);
    return hits > 0 ? { hits, resetAt } : undefined;
  }

  return { increment, decrement, reset, get };
}

/** express-rate-limit's store over shared counters; `name` keeps each limit's counts apart. */
class SharedStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private cap = Number.POSITIVE_INFINITY;

  constructor(
    private readonly counters: RateCounters,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
    if (typeof options.limit === 'number') this.cap = options.limit;
  }

  async get(key: string) {
    const count = await this.counters.get(this.prefix + key, this.windowMs);
    return count && { totalHits: count.hits, resetTime: count.resetAt };
  }

  async increment(key: string) {
    const count = await this.counters.increment(this.prefix + key, this.windowMs, this.cap);
    return { totalHits: count.hits, resetTime: count.resetAt };
  }

  // Called once the response has finished (a request that does not count): a stopping service waits for it.
  decrement(key: string) {
    return afterResponse(this.counters.decrement(this.prefix + key, this.windowMs));
  }

  resetKey(key: string) {
    return this.counters.reset(this.prefix + key, this.windowMs);
  }
}

/** The client's address for a limit (the gateway's `X-Forwarded-For` is believed only from the gateway: see client-address.ts). */
export const clientAddressKey = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');

export interface SharedLimit {
  /** Keeps this limit's counts apart from every other's. */
  name: string;
  windowMs: number;
  limit: number;
  /** The request's key; the reply's locals carry the signed-in actor, for limits per account. */
  key: (req: Request, res: Response) => string;
  message: string;
  /** Count only refused requests (a lockout after failed logins, not a cap on logins). */
  skipSuccessfulRequests?: boolean;
}

/**
 * A rate limit counted in `counters`: 429 with the limit's message and the draft-8 RateLimit headers
 * past it; 503 with Retry-After when the counters cannot be reached, so no request goes uncounted.
 */
export function sharedRateLimit(counters: RateCounters, limit: SharedLimit): RequestHandler {
  const limiter = rateLimit({
    windowMs: limit.windowMs,
    limit: limit.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new SharedStore(counters, `${limit.name}:`),
    keyGenerator: limit.key,
    skipSuccessfulRequests: limit.skipSuccessfulRequests ?? false,
    // Past the limit: a problem reply like every other error (the RateLimit headers are set by then).
    handler: (_req, _res, next) => next(new HttpError(429, limit.message)),
  });
  return (req, res, next) =>
    limiter(req, res, (error?: unknown) => {
      if (error instanceof RateLimitStoreUnavailable) res.setHeader('Retry-After', '5');
      next(error);
    });
}
