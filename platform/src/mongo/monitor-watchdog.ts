import type { MongoClient, ServerDescriptionChangedEvent } from 'mongodb';
import type { Logger } from '../logger';

/** What the watchdog has seen of a client's server: since when it is unknown, and when its monitor last began a check. */
export interface MonitorSightings {
  unknownSince: number | undefined;
  lastHeartbeatAt: number;
}

/** The server has been unknown, and the monitor has begun no check, for `stalledAfterMs` (ms since the epoch). */
export const monitorStalled = (seen: MonitorSightings, now: number, stalledAfterMs: number): boolean =>
  seen.unknownSince !== undefined && now - seen.unknownSince >= stalledAfterMs && now - seen.lastHeartbeatAt >= stalledAfterMs;

export interface MonitorWatchdogOptions {
  /** Three heartbeats of the driver (10 s each): a monitor that is alive checks an unknown server at least that often. */
  stalledAfterMs?: number;
  checkEveryMs?: number;
  now?: () => number;
}

/**
 * Connects a client afresh once its server monitor has stopped. The driver's monitor checks an unknown
 * server every heartbeat, and at once when an operation waits for it. In one fault run (the local
 * read-model server killed and restarted) a projectors process's monitor never checked again: for
 * minutes every operation failed server selection with the kill's ECONNRESET, while the restarted
 * server answered the other services. A client whose server has been unknown, with no check begun, for
 * `stalledAfterMs` is closed and connected again (a new topology, new monitors); until that connect
 * succeeds it is tried again at every look. Returns the function that stops watching.
 */
export function watchMonitor(client: MongoClient, logger: Logger, { stalledAfterMs = 30_000, checkEveryMs = 5_000, now = Date.now }: MonitorWatchdogOptions = {}): () => void {
  const seen: MonitorSightings = { unknownSince: undefined, lastHeartbeatAt: now() };
  const began = () => {
    seen.lastHeartbeatAt = now();
  };
  const described = (event: ServerDescriptionChangedEvent) => {
    if (event.newDescription.type === 'Unknown') seen.unknownSince ??= now();
    else seen.unknownSince = undefined;
  };
  client.on('serverHeartbeatStarted', began);
  client.on('serverDescriptionChanged', described);
  /** Closed by the watchdog and not yet connected again. */
  let closed = false;
  let busy = false;
  const reconnect = async () => {
    if (!closed) {
      logger.error({ unknownForMs: now() - (seen.unknownSince ?? now()), sinceLastCheckMs: now() - seen.lastHeartbeatAt }, 'read-model server unknown and its monitor checks no more; connecting afresh');
      closed = true;
      await client.close();
    }
    await client.connect();
    closed = false;
    seen.unknownSince = undefined;
    logger.info('read-model client connected afresh');
  };
  const timer = setInterval(() => {
    if (busy || !(closed || monitorStalled(seen, now(), stalledAfterMs))) return;
    busy = true;
    reconnect()
      .catch((error: unknown) => logger.warn({ err: error }, 'read-model client could not connect afresh; trying again'))
      .finally(() => {
        busy = false;
        began();
      });
  }, checkEveryMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    client.off('serverHeartbeatStarted', began);
    client.off('serverDescriptionChanged', described);
  };
}
