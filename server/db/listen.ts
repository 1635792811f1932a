import pg from "pg";

export interface ListenerOptions {
  /** DATABASE_URL. */
  url: string;
  /** The channel (an SQL identifier of ours, never reader text). */
  channel: string;
  /** Each notification's payload. */
  onMessage: (payload: string) => void;
  /**
   * After every connection but the first: notifications sent while it was down are lost
   * (PostgreSQL keeps none for a session that is gone), so the caller reads again what they
   * would have said.
   */
  onReconnect: () => void;
  log: { warn(obj: object, msg: string): void };
  /** The first wait before connecting again, doubled up to 30 s. */
  retryMs?: number;
}

/** The longest wait between two attempts to connect again. */
const MAX_RETRY_MS = 30_000;

/**
 * LISTENs on one PostgreSQL channel over a connection of its own (a pooled one would be handed
 * to queries, and a LISTEN belongs to its session), connecting again with backoff whenever the
 * connection is lost, and saying so (onReconnect) so that what was missed is read again.
 * From: https://www.postgresql.org/docs/15/sql-listen.html, https://node-postgres.com/apis/client
 */
export class PostgresListener {
  private client: pg.Client | undefined;
  private closed = false;
  private connections = 0;
  private retryMs: number;
  /** Whether an attempt to connect again failed since the connection was lost (logged once). */
  private failing = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ListenerOptions) {
    this.retryMs = options.retryMs ?? 500;
  }

  /** Connects and listens; rejects when the first connection fails (the database is down). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Whether a connection is listening now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      application_name: "city-news listener",
      // While the database is away an attempt gives up rather than waiting on the network.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners();
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.log.warn(
        { err: err?.message, retryInMs: this.retryMs },
        "database notifications lost: connecting again",
      );
      this.schedule();
    };
    client.on("notification", (message) => {
      if (message.channel === this.options.channel && message.payload !== undefined)
        this.options.onMessage(message.payload);
    });
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.options.channel)}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryMs = this.options.retryMs ?? 500;
    this.failing = false;
    if (this.connections++ > 0) this.options.onReconnect();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.connect().catch((err: unknown) => {
        // Once an outage (db/health.ts logs the database's): not every attempt meanwhile.
        if (!this.failing) {
          this.options.log.warn(
            { err: err instanceof Error ? err.message : String(err) },
            "database notifications: could not connect (trying again until it can)",
          );
        }
        this.failing = true;
        this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
        if (!this.closed) this.schedule();
      });
    }, this.retryMs);
    this.timer.unref?.();
  }

  /** Stops listening and closes the connection. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on("error", () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
