import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_NAMES } from '@placement/platform';
import { Portal, startQueryApi, type Caller, type QueryApiUnderTest } from '../test-support';
import { overallStatus, type SystemStatus } from './system';

const onlyAdmin: Record<Caller, number> = { visitor: 401, student: 403, 'another student': 403, staff: 403, admin: 200, 'suspended student': 403 };
const PROJECTIONS = ['jobs', 'applications', 'users', 'trainings', 'experiences', 'email'];
const NOTIFIER_GROUPS = ['notifier', 'notifier-directory', 'notifier-retry', 'notifier-dead-letters'];

const listen = (server: Server): Promise<number> => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await close(server);
  return port;
}

describe('GET /api/system/status against the real local stack', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await Portal.start([]);
  }, 60_000);
  afterAll(() => portal.stop());

  const statusOf = async (query: QueryApiUnderTest = portal.query): Promise<SystemStatus> => {
    const reply = await query.get('/api/system/status', { token: portal.user('admin').token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    return reply.body as SystemStatus;
  };

  it('is for admins only', async () => {
    expect(await portal.statusesFor('/api/system/status')).toEqual(onlyAdmin);
  });

  it("reports every service up and ready, each projection's lag and the notifier's consumer-group lag", async () => {
    // The stack may be restarting a service as this runs (npm run restart): give it a moment.
    let status = await statusOf();
    for (let attempt = 0; status.status !== 'ok' && attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      status = await statusOf();
    }
    expect(status.status).toBe('ok');
    expect(Number.isNaN(Date.parse(status.checkedAt))).toBe(false);

    expect(status.services.map((service) => service.name)).toEqual(SERVICE_NAMES);
    for (const service of status.services) {
      expect(service).toMatchObject({ healthy: true, ready: true, error: null });
      expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:400\d$/);
      expect(service.uptimeSeconds).toBeGreaterThanOrEqual(0);
      expect(Object.values(service.checks).every((check) => check === 'ok')).toBe(true);
    }
    expect(status.services.find((service) => service.name === 'query-api')!.checks).toEqual({ 'read-models': 'ok', 'event-store': 'ok', 'object-store': 'ok' });

    expect(status.projections.error).toBeNull();
    expect(status.projections.items.map((item) => item.projection)).toEqual(expect.arrayContaining(PROJECTIONS));
    for (const item of status.projections.items) {
      expect(item.lagEvents).toBeGreaterThanOrEqual(0);
      expect(item.lagSeconds).toBeGreaterThanOrEqual(0);
      expect(item.position).toBeGreaterThanOrEqual(0);
      expect(item.stuck).toBeNull();
    }

    expect(status.kafka.error).toBeNull();
    expect(status.kafka.groups.map((group) => group.groupId)).toEqual(NOTIFIER_GROUPS);
    const events = status.kafka.groups[0]!;
    expect(events.topics.map((topic) => topic.topic)).toEqual(['placement.users', 'placement.jobs', 'placement.applications', 'placement.campaigns']);
    for (const group of status.kafka.groups) {
      expect(group.lag).toBe(group.topics.reduce((total, topic) => total + topic.lag, 0));
      for (const topic of group.topics) {
        expect(topic.partitions.length).toBeGreaterThan(0);
        for (const partition of topic.partitions) expect(partition.lag).toBeGreaterThanOrEqual(0);
      }
    }
  });

  describe('when parts of the system do not answer', () => {
    let notReady: Server;
    let degraded: QueryApiUnderTest;

    beforeAll(async () => {
      // A service that is up but whose database is not.
      notReady = createServer((req, res) => {
        res.setHeader('Content-Type', 'application/json');
        if (req.url === '/health') res.end(JSON.stringify({ status: 'ok', service: 'ats-engine', uptimeSeconds: 12 }));
        else {
          res.statusCode = 503;
          res.end(JSON.stringify({ status: 'not ready', checks: { workers: 'ok', mongo: 'connection refused' } }));
        }
      });
      const notReadyPort = await listen(notReady);
      const nothing = await closedPort();
      degraded = await startQueryApi({
        store: portal.query.store,
        overrides: {
          ATS_ENGINE_URL: `http://127.0.0.1:${notReadyPort}`,
          NOTIFIER_URL: `http://127.0.0.1:${nothing}`,
          PROJECTORS_URL: `http://127.0.0.1:${nothing}`,
          KAFKA_BROKERS: `127.0.0.1:${nothing}`,
        },
      });
    }, 60_000);
    afterAll(async () => {
      await degraded.stop();
      await close(notReady);
    });

    it('says degraded and why, still answering 200', async () => {
      const status = await statusOf(degraded);
      expect(status.status).toBe('degraded');
      const byName = Object.fromEntries(status.services.map((service) => [service.name, service]));
      expect(byName['ats-engine']).toMatchObject({ healthy: true, ready: false, uptimeSeconds: 12, checks: { workers: 'ok', mongo: 'connection refused' }, error: 'mongo: connection refused' });
      expect(byName.notifier).toMatchObject({ healthy: false, ready: false, uptimeSeconds: null, checks: {}, error: 'ECONNREFUSED' });
      expect(byName['command-api']).toMatchObject({ healthy: true, ready: true, error: null });
      expect(status.projections).toEqual({ items: [], error: 'ECONNREFUSED' });
      expect(status.kafka.groups).toEqual([]);
      expect(status.kafka.error).toMatch(/^Kafka: /);
    });
  });
});

describe('a stuck projection on the status page', () => {
  let portal: Portal;
  let projectors: Server;
  let query: QueryApiUnderTest;
  // What the projectors report while the users projection keeps failing one event (projectors/src/lag.ts).
  const METRICS = [
    'projection_lag_events{projection="jobs"} 0',
    'projection_lag_events{projection="users"} 5',
    'projection_position{projection="jobs"} 900',
    'projection_position{projection="users"} 895',
    'projection_lag_seconds{projection="jobs"} 0',
    'projection_lag_seconds{projection="users"} 42',
    'projection_stuck_seconds{projection="jobs"} 0',
    'projection_stuck_seconds{projection="users"} 41.5',
    'projection_stuck{projection="users"} 1',
    'projection_stuck_attempts{projection="jobs"} 0',
    'projection_stuck_attempts{projection="users"} 8',
    'projection_stuck_event{projection="users",position="896",type="UserRegistered",error="MongoServerError: index row size 3224 exceeds btree version 4 maximum 2704"} 1',
  ].join('\n');

  beforeAll(async () => {
    portal = await Portal.start([]);
    projectors = createServer((_req, res) => res.end(METRICS));
    query = await startQueryApi({ store: portal.query.store, overrides: { PROJECTORS_URL: `http://127.0.0.1:${await listen(projectors)}` } });
  }, 60_000);
  afterAll(async () => {
    await query.stop();
    await close(projectors);
    await portal.stop();
  });

  it('shows the event it cannot apply, why and how often it tried, and says degraded', async () => {
    const reply = await query.get('/api/system/status', { token: portal.user('admin').token });
    expect(reply.status).toBe(200);
    const status = reply.body as SystemStatus;
    expect(status.status).toBe('degraded');
    expect(status.projections).toEqual({
      items: [
        { projection: 'jobs', lagEvents: 0, lagSeconds: 0, position: 900, stuck: null },
        {
          projection: 'users',
          lagEvents: 5,
          lagSeconds: 42,
          position: 895,
          stuck: { position: 896, eventType: 'UserRegistered', error: 'MongoServerError: index row size 3224 exceeds btree version 4 maximum 2704', attempts: 8, seconds: 41.5 },
        },
      ],
      error: null,
    });
  });
});

describe('overallStatus', () => {
  const up = { name: 'notifier' as const, url: 'http://x', healthy: true, ready: true, uptimeSeconds: 1, checks: {}, error: null };
  const parts = { services: [up], projections: { items: [], error: null }, kafka: { groups: [], error: null } };

  it('is ok only when everything answers', () => {
    expect(overallStatus(parts)).toBe('ok');
    expect(overallStatus({ ...parts, services: [{ ...up, ready: false }] })).toBe('degraded');
    expect(overallStatus({ ...parts, projections: { items: [], error: 'ECONNREFUSED' } })).toBe('degraded');
    expect(overallStatus({ ...parts, kafka: { groups: [], error: 'Kafka: down' } })).toBe('degraded');
    const lag = { projection: 'users', lagEvents: 3, lagSeconds: 40, position: 120 };
    expect(overallStatus({ ...parts, projections: { items: [{ ...lag, stuck: null }], error: null } })).toBe('ok');
    const stuck = { position: 121, eventType: 'UserRegistered', error: 'MongoServerError: index row size 3224 exceeds btree version 4 maximum 2704', attempts: 5, seconds: 40 };
    expect(overallStatus({ ...parts, projections: { items: [{ ...lag, stuck }], error: null } })).toBe('degraded');
  });
});
