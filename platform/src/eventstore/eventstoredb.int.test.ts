import { spawnSync } from 'node:child_process';
import { loadEnv } from '../config';
import { describeEventStoreContract } from './contract';
import { EventStoreDbEventStore } from './eventstoredb';

const { EVENTSTORE_CONNECTION_STRING } = loadEnv();

/** EventStoreDB image of the production stack (docker-compose.yml). */
const EVENTSTORE_IMAGE = 'eventstore/eventstore:24.10';

const dockerEngineAnswers = (): boolean => spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status === 0;

/** An EventStoreDB server in a throwaway container, for machines with a Docker engine. */
async function startContainer(): Promise<{ connectionString: string; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(EVENTSTORE_IMAGE)
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return {
    connectionString: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}

function describeAgainst(connect: () => Promise<{ connectionString: string; stop: () => Promise<void> }>): void {
  describeEventStoreContract('EventStoreDB', async () => {
    const server = await connect();
    const store = new EventStoreDbEventStore(server.connectionString);
    // The contract names its streams per run, so there is nothing to drop but the connection.
    return {
      store,
      connectAnother: async () => new EventStoreDbEventStore(server.connectionString),
      dispose: async () => {
        await store.close();
        await server.stop();
      },
    };
  });
}

if (EVENTSTORE_CONNECTION_STRING) {
  describeAgainst(async () => ({ connectionString: EVENTSTORE_CONNECTION_STRING, stop: async () => undefined }));
} else if (dockerEngineAnswers()) {
  jest.setTimeout(180_000);
  describeAgainst(startContainer);
} else {
  describe.skip('EventStoreDB adapter (skipped: no EVENTSTORE_CONNECTION_STRING and no Docker engine for testcontainers)', () => {
    it('passes the event store contract', () => undefined);
  });
}
