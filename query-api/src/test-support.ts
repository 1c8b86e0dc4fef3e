import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import {
  CHECKPOINT_COLLECTION,
  connectMongo,
  createEventStore,
  createKafka,
  createLogger,
  isolatedPostgresStore,
  loadEnv,
  ObjectStore,
  type EventStore,
  type MongoConnection,
  type RunningService,
  startService,
} from '@placement/platform';
import { signedInUser, startCommandApi, type CommandApiUnderTest, type SignedInUser } from '../../command-api/src/test-support';
import type { Projection } from '../../projectors/src/projection';
import { ProjectionRunner } from '../../projectors/src/runner';
import { installQueryApi } from './app';
import type { QueryApiDeps } from './deps';

export interface QueryReply {
  status: number;
  /** Parsed JSON, or undefined when the reply is not JSON (see `bytes`). */
  body: unknown;
  bytes: Buffer;
  headers: Headers;
}

export interface QueryOptions {
  token?: string;
  /** Sent as X-Consistency-Position: the reply waits until the read models have applied it. */
  position?: number;
  headers?: Record<string, string>;
}

export interface QueryApiUnderTest {
  service: RunningService;
  deps: QueryApiDeps;
  /** The read-model database of this test file alone. */
  db: Db;
  store: EventStore;
  get: (path: string, options?: QueryOptions) => Promise<QueryReply>;
  /** Waits until every runner has applied the store's head (for tests that write straight to the store). */
  caughtUp: () => Promise<void>;
  stop: () => Promise<void>;
}

const CATCH_UP_TIMEOUT_MS = 15_000;
const STALE_READ_RETRY_MS = 60_000;

/**
 * The real query-api on a free port against the real event store (or `options.store`, which the
 * caller owns and closes) and S3, reading a read-model
 * database of its own, with the given projections following the log from the store's head: the
 * read models hold exactly what the test writes after the start, whatever else the shared store holds.
 */
export async function startQueryApi(options: { projections?: Projection[]; overrides?: Record<string, string>; store?: EventStore } = {}): Promise<QueryApiUnderTest> {
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent', ...options.overrides });
  const logger = createLogger('query-api-test', 'silent');
  const store = options.store ?? (await createEventStore(env));
  const mongo: MongoConnection = await connectMongo(env, `qtest_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
  const files = new ObjectStore(env);
  const head = await store.headPosition();
  const projections = options.projections ?? [];
  if (projections.length > 0) {
    await mongo.db
      .collection<{ _id: string }>(CHECKPOINT_COLLECTION)
      .insertMany(projections.map((projection) => ({ _id: projection.name, position: head, generation: 0, lastEventAt: null, updatedAt: new Date() })));
  }
  const runners = projections.map((projection) => new ProjectionRunner(projection, store, mongo.db, logger, { checkpointIdleMs: 5 }));
  await Promise.all(runners.map((runner) => runner.start()));

  const deps: QueryApiDeps = { env, db: mongo.db, store, files, kafka: createKafka(env, logger), logger, now: () => new Date() };
  const service = await startService({
    name: 'query-api',
    port: 0,
    logger,
    readiness: [],
    routes: (app) => installQueryApi(app, deps),
  });

  const get = async (path: string, query: QueryOptions = {}): Promise<QueryReply> => {
    const headers: Record<string, string> = { ...query.headers };
    if (query.token) headers.Authorization = `Bearer ${query.token}`;
    if (query.position !== undefined) headers['X-Consistency-Position'] = String(query.position);
    const response = await fetch(`${service.url}${path}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const isJson = /^application\/([\w.-]+\+)?json/.test(response.headers.get('content-type') ?? '');
    return { status: response.status, body: isJson ? (JSON.parse(bytes.toString('utf8')) as unknown) : undefined, bytes, headers: response.headers };
  };

  const caughtUp = async () => {
    const target = await store.headPosition();
    const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
    while (runners.some((runner) => runner.progress.position < target)) {
      if (Date.now() > deadline) throw new Error(`projections did not reach position ${target} in time`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const stop = async () => {
    await service.stop();
    await Promise.all(runners.map((runner) => runner.stop()));
    await mongo.db.dropDatabase().catch(() => undefined);
    files.close();
    await mongo.close();
    if (!options.store) await store.close();
  };

  return { service, deps, db: mongo.db, store, get, caughtUp, stop };
}

/** Who calls, in the authorization tables. */
export const CALLERS = ['visitor', 'student', 'another student', 'staff', 'admin', 'suspended student'] as const;
export type Caller = (typeof CALLERS)[number];

export interface PortalParts {
  command: CommandApiUnderTest;
  query: QueryApiUnderTest;
  callers: Map<Caller, SignedInUser | undefined>;
  /** The store's head once the callers exist (they are written straight to the store). */
  position: number;
  /** Stops both services and drops the event store of this portal alone. */
  stop: () => Promise<void>;
}

/**
 * The real command-api and query-api over an event store of their own (so that read models and
 * statistics hold exactly what the test wrote), `projections` following it, and one signed-in
 * account per caller.
 */
export async function openPortal(projections: Projection[]): Promise<PortalParts> {
  const { store, dispose } = await isolatedPostgresStore(loadEnv().POSTGRES_URL);
  const query = await startQueryApi({ projections, store });
  const command = await startCommandApi({ PUBLIC_SUBMISSIONS_PER_HOUR: '100000' }, { store });
  const callers = new Map<Caller, SignedInUser | undefined>([['visitor', undefined]]);
  callers.set('student', await signedInUser(command, 'student'));
  callers.set('another student', await signedInUser(command, 'student'));
  callers.set('staff', await signedInUser(command, 'staff'));
  callers.set('admin', await signedInUser(command, 'admin'));
  callers.set('suspended student', await signedInUser(command, 'student', { status: 'suspended' }));
  const stop = async () => {
    await command.stop();
    await query.stop();
    await dispose();
  };
  return { command, query, callers, position: await store.headPosition(), stop };
}

/**
 * Writes through the real command-api and reads through the real query-api; every read carries the
 * highest position the test's commands reached (X-Consistency-Position), so it sees them.
 */
export class Portal {
  /** The highest position a command of this test reached: reads wait for it. */
  protected position = 0;
  readonly command: CommandApiUnderTest;
  readonly query: QueryApiUnderTest;
  readonly callers: Map<Caller, SignedInUser | undefined>;

  constructor(parts: PortalParts) {
    ({ command: this.command, query: this.query, callers: this.callers, position: this.position } = parts);
    this.stopParts = parts.stop;
  }

  private readonly stopParts: () => Promise<void>;

  static async start(projections: Projection[]): Promise<Portal> {
    return new Portal(await openPortal(projections));
  }

  stop(): Promise<void> {
    return this.stopParts();
  }

  user(caller: Exclude<Caller, 'visitor'>): SignedInUser {
    return this.callers.get(caller)!;
  }

  /** A command through the real command-api; fails the test unless it succeeds. */
  async write(method: string, path: string, options: Parameters<CommandApiUnderTest['request']>[2] = {}): Promise<Record<string, unknown>> {
    const reply = await this.command.request(method, path, options);
    if (reply.status >= 300) throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    this.sawPosition(Number(reply.body.position ?? 0));
    return reply.body;
  }

  /** Later reads wait for `position` too (events a test appended without the command-api). */
  sawPosition(position: number): void {
    this.position = Math.max(this.position, position);
  }

  /**
   * A read that sees every command this test made (X-Consistency-Position). The query-api waits about
   * two seconds for the read models; on a loaded machine a reply may come back marked stale, and is
   * asked again (for up to a minute) rather than compared too early.
   */
  async read(path: string, caller: Caller | SignedInUser = 'admin'): Promise<QueryReply> {
    const token = typeof caller === 'string' ? this.callers.get(caller)?.token : caller.token;
    // Only signed-in callers wait for a position: a visitor's read comes after an admin's read of the
    // same path has seen every command of this test, so it reads read models that have too.
    if (token === undefined && this.position > 0) await this.read(path, 'admin');
    const deadline = Date.now() + STALE_READ_RETRY_MS;
    for (;;) {
      const reply = await this.query.get(path, { token, position: this.position });
      if (reply.headers.get('x-consistency') !== 'stale' || Date.now() > deadline) return reply;
    }
  }

  /** The status each caller gets for `path`. */
  async statusesFor(path: string): Promise<Record<Caller, number>> {
    const statuses = {} as Record<Caller, number>;
    for (const caller of CALLERS) statuses[caller] = (await this.read(path, caller)).status;
    return statuses;
  }
}

/** The ids of a list reply, in order. */
export const idsOf = (items: unknown): string[] => (items as { _id: string }[]).map((item) => item._id);
