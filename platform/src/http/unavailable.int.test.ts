import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient, MongoServerError } from 'mongodb';
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { createEventStore } from '../eventstore';
import { createLogger } from '../logger';
import { connectMongo } from '../mongo';
import { HttpError, UNAVAILABLE_MESSAGE } from './errors';
import { startService, type RunningService } from './service';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './unavailable';

/** A loopback port nobody listens on (taken, then given back). */
const closedPort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const failureOf = async (attempt: () => Promise<unknown>): Promise<unknown> => {
  try {
    await attempt();
  } catch (error) {
    return error;
  }
  throw new Error('the call was expected to fail');
};

/** What each real client throws when its server is not there (the fault tests kill the servers for real). */
const errorsOfServersThatAreDown = async () => {
  const port = await closedPort();
  const pool = new pg.Pool({ connectionString: `postgres://placement:placement@127.0.0.1:${port}/placement`, connectionTimeoutMillis: 2_000 });
  const mongo = new MongoClient(`mongodb://127.0.0.1:${port}/placement`, { serverSelectionTimeoutMS: 300 });
  const s3 = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, maxAttempts: 1, credentials: { accessKeyId: 'a', secretAccessKey: 'secret-key' } });
  const kafka = new Kafka({ brokers: [`127.0.0.1:${port}`], logLevel: logLevel.NOTHING, retry: { retries: 0 } });
  try {
    return {
      postgres: await failureOf(() => pool.query('select 1')),
      mongodb: await failureOf(() => mongo.db().command({ ping: 1 })),
      s3: await failureOf(() => s3.send(new HeadBucketCommand({ Bucket: 'placement-files' }))),
      kafka: await failureOf(() => kafka.admin().connect()),
    };
  } finally {
    await pool.end();
    await mongo.close();
    s3.destroy();
  }
};

describe('a server the service depends on is unavailable', () => {
  it("is what the real clients' errors say when nobody listens on the server's port", async () => {
    const errors = await errorsOfServersThatAreDown();
    expect(Object.entries(errors).filter(([, error]) => !isDependencyUnavailable(error)).map(([client]) => client)).toEqual([]);
  }, 20_000);

  it("is what a server says that is shutting down or whose own storage is down (FerretDB's PostgreSQL)", () => {
    const ferretdb = (message: string) => new MongoServerError({ ok: 0, code: 1, codeName: 'InternalError', errmsg: message });
    expect(isDependencyUnavailable(ferretdb('[collection.go:109 postgresql.(*collection).Query] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)'))).toBe(true);
    expect(isDependencyUnavailable(ferretdb('failed to connect to `user=placement database=ferretdb`: dial tcp 127.0.0.1:55432: connect: connection refused'))).toBe(true);
    expect(isDependencyUnavailable(new MongoServerError({ ok: 0, code: 91, codeName: 'ShutdownInProgress', errmsg: 'shutting down' }))).toBe(true);
    expect(isDependencyUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDependencyUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyUnavailable(new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDependencyUnavailable(new Error('write failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }))).toBe(true);
  });

  it('is not what a refusal, a conflict or a fault of ours says', () => {
    expect(isDependencyUnavailable(new MongoServerError({ ok: 0, code: 11000, codeName: 'DuplicateKey', errmsg: 'E11000 duplicate key error' }))).toBe(false);
    expect(isDependencyUnavailable(new MongoServerError({ ok: 0, code: 1, codeName: 'InternalError', errmsg: 'invalid document' }))).toBe(false);
    expect(isDependencyUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDependencyUnavailable(new HttpError(404, 'Not found'))).toBe(false);
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyUnavailable(undefined)).toBe(false);
  });

  describe('over HTTP', () => {
    let service: RunningService;
    let errors: Awaited<ReturnType<typeof errorsOfServersThatAreDown>>;

    beforeAll(async () => {
      errors = await errorsOfServersThatAreDown();
      service = await startService({
        name: 'unavailable-test',
        port: 0,
        logger: createLogger('test', 'silent'),
        readiness: [],
        routes: (app) => {
          app.get('/needs/:client', (req) => {
            throw errors[req.params.client as keyof typeof errors];
          });
          app.get('/boom', () => {
            throw new Error('secret internals');
          });
        },
      });
    }, 20_000);
    afterAll(() => service?.stop());

    it.each(['postgres', 'mongodb', 's3', 'kafka'])('answers 503 with Retry-After when %s is down, not 500', async (client) => {
      const response = await fetch(`${service.url}/needs/${client}`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(await response.json()).toMatchObject({ status: 503, message: UNAVAILABLE_MESSAGE });
    });

    it('still answers 500 without Retry-After for a fault of ours', async () => {
      const response = await fetch(`${service.url}/boom`);
      expect(response.status).toBe(500);
      expect(response.headers.get('retry-after')).toBeNull();
    });
  });
});

describe('a server that accepts connections and never answers', () => {
  const sockets = new Set<Socket>();
  const blackHole = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let url: (scheme: string) => string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as { port: number };
    url = (scheme) => `${scheme}://placement:placement@127.0.0.1:${port}/placement`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });

  // Without the clients' own timeouts each of these waits for ever, and the test runs out of time.
  it('the event store gives up, as unavailable', async () => {
    expect(isDependencyUnavailable(await failureOf(() => createEventStore({ POSTGRES_URL: url('postgres') })))).toBe(true);
  }, 30_000);

  it('the read-model client gives up, as unavailable', async () => {
    expect(isDependencyUnavailable(await failureOf(() => connectMongo({ MONGODB_URL: `${url('mongodb').replace('placement:placement@', '')}?directConnection=true` })))).toBe(true);
  }, 30_000);
});
