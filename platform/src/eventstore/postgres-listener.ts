import pg from 'pg';

const RECONNECT_DELAY_MS = 1_000;

/**
 * One dedicated connection per store that LISTENs on the append channel and wakes every subscription.
 * It is only an accelerator: subscriptions also poll, so a dropped connection or a lost notification
 * delays delivery and never loses an event. It reconnects while anyone is listening.
 */
export class PostgresNotificationListener {
  private readonly listeners = new Set<() => void>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly channel: string,
  ) {}

  /** Registers a wake-up callback; returns the function that unregisters it. */
  readonly onWake = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.ensureConnected();
    return () => {
      this.listeners.delete(listener);
    };
  };

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private ensureConnected(): void {
    if (this.closed || this.client || this.connecting || this.listeners.size === 0) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = undefined;
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.clientConfig);
    client.on('notification', () => this.wakeAll());
    client.on('error', () => this.drop(client));
    client.on('end', () => this.drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch {
      this.drop(client);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Whatever was committed while no connection listened would otherwise wait for the next poll.
    this.wakeAll();
  }

  private drop(client: pg.Client): void {
    if (this.client === client) this.client = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.ensureConnected();
    }, RECONNECT_DELAY_MS);
  }

  private wakeAll(): void {
    for (const listener of this.listeners) listener();
  }
}
