import { MongoClient, MongoNetworkError } from 'mongodb';
import { loadEnv } from '../config';
import { createLogger } from '../logger';
import { watchMonitor } from './monitor-watchdog';

/** The driver's own server object and its monitor: how the test stops the monitor as the driver once did by itself. */
interface DriverServer {
  monitor: { close(): void };
  handleError(error: Error): void;
}

describe('the read-model client watchdog', () => {
  it('connects a client afresh whose server monitor stopped while the server was unknown', async () => {
    const client = new MongoClient(loadEnv().MONGODB_URL, { serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000, retryWrites: false });
    await client.connect();
    const unwatch = watchMonitor(client, createLogger('watchdog-test', 'silent'), { stalledAfterMs: 500, checkEveryMs: 100 });
    try {
      // As seen after a kill of the server: marked unknown by a reset connection, and no check ever again.
      const [server] = [...(client as unknown as { topology: { s: { servers: Map<string, DriverServer> } } }).topology.s.servers.values()];
      server!.monitor.close();
      server!.handleError(new MongoNetworkError('read ECONNRESET'));
      // No server to select (or, once the watchdog is on it, a client being closed).
      await expect(client.db().command({ ping: 1 })).rejects.toThrow();

      const deadline = Date.now() + 20_000;
      let answered = false;
      while (!answered && Date.now() < deadline) {
        answered = await client
          .db()
          .command({ ping: 1 })
          .then(() => true)
          .catch(() => false);
        if (!answered) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(answered).toBe(true);
    } finally {
      unwatch();
      await client.close();
    }
  }, 30_000);

  it('leaves alone a client whose server is known', async () => {
    const client = new MongoClient(loadEnv().MONGODB_URL, { serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000, retryWrites: false, heartbeatFrequencyMS: 60_000 });
    await client.connect();
    let closes = 0;
    client.on('topologyClosed', () => (closes += 1));
    const unwatch = watchMonitor(client, createLogger('watchdog-test', 'silent'), { stalledAfterMs: 200, checkEveryMs: 50 });
    try {
      // No check for a minute (heartbeatFrequencyMS), which is no stall while the server is known.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await client.db().command({ ping: 1 });
      expect(closes).toBe(0);
    } finally {
      unwatch();
      await client.close();
    }
  });
});
