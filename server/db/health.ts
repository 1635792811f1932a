/**
 * Whether the network's PostgreSQL database can be reached, as this process last found it, fed
 * by its queries (db/postgres.ts): a failure of the connection class (the server shutting down
 * or restarting, a connection refused, reset, ended or timed out) makes it check with a probe of
 * its own connection, a success clears it. The outage and its end are logged once each; while
 * the database is away the probe is retried (backoff up to a few seconds), so `available` turns
 * true again by itself, without traffic. Pages and stores read `available` (and what needs the
 * database answers 503 meanwhile: isDatabaseUnavailable). No `pg` import here: the app's
 * server code imports this module too.
 * From: https://www.postgresql.org/docs/15/errcodes-appendix.html
 */

/** What the tracker logs with (a pino logger fits). */
export interface HealthLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Checks the database with a connection of its own; rejects when it cannot be reached. */
export type Probe = () => Promise<void>;

/** What the tracker logs when the database cannot be reached (once an outage)... */
export const DATABASE_UNREACHABLE = "database unreachable";
/** ...and when it can again (once). */
export const DATABASE_REACHABLE = "database reachable again";
/** Connections the server closed while it stayed reachable (one line a burst). */
export const CONNECTIONS_LOST = "database connections lost: new ones are opened on next use";

/**
 * SQLSTATEs of a connection lost or refused: class 08 (connection exception), 57P01
 * admin_shutdown (fast shutdown, pg_terminate_backend), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, shutting down), 57P05 idle_session_timeout, 53300
 * too_many_connections.
 */
const CONNECTION_CODES = new Set(["57P01", "57P02", "57P03", "57P05", "53300"]);
/** Node's codes of a socket that could not connect or was cut. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres's own messages for a lost or timed-out connection (they carry no code). */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /encountered a connection error and is not queryable/,
  /^Query read timeout/,
];

/** Whether `err` says that the database could not be reached or the connection was lost. */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") {
    if (code.startsWith("08") || CONNECTION_CODES.has(code) || SOCKET_CODES.has(code)) return true;
  }
  if (CONNECTION_MESSAGES.some((pattern) => pattern.test(err.message))) return true;
  // A connection to several addresses (localhost: ::1 and 127.0.0.1) fails with all of them.
  if (err instanceof AggregateError && err.errors.some((e) => isConnectionError(e, depth + 1)))
    return true;
  return isConnectionError(err.cause, depth + 1);
}

/**
 * A query that failed because the database could not be reached (the driver's error is its
 * cause). Its name says so also where only the name and message travel (a render worker asks
 * the request thread over a port: render/channel.ts).
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";
  /** The driver's code (a SQLSTATE or a socket's), when it gave one. */
  readonly code: string | undefined;
  /**
   * Whether it failed the BEGIN of a transaction: nothing of the transaction ran, so it may be
   * begun again on another connection (db/open.ts writeTransaction).
   */
  readonly atBegin: boolean;

  constructor(cause: unknown, options: { atBegin?: boolean } = {}) {
    const message = cause instanceof Error ? cause.message : String(cause);
    super(`Database unavailable: ${message}`, { cause });
    const code = (cause as { code?: unknown } | undefined)?.code;
    this.code = typeof code === "string" ? code : undefined;
    this.atBegin = options.atBegin ?? false;
  }
}

/** Whether a failure was the database being unreachable (whichever thread it came from). */
export function isDatabaseUnavailable(err: unknown): boolean {
  return (
    (err instanceof Error && err.name === "DatabaseUnavailableError") || isConnectionError(err)
  );
}

export interface HealthOptions {
  log?: HealthLog;
  /** The first wait before probing again while the database is away; doubled up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * How long after a probe has found the database there the lost connections' line waits for more
   * of the same burst: sessions ended together (a restart, pg_terminate_backend, a pooler) report
   * their ends over some milliseconds, more on a busy machine, and each would otherwise start a
   * line of its own. Only the line waits: the probe, and so an outage, is not delayed.
   */
  burstMs?: number;
  now?: () => number;
}

/** HealthOptions.burstMs's default. */
export const LOST_BURST_MS = 1000;

/** Log lines before a logger is given: JSON on standard error (never a script's standard output). */
const stderrLog: HealthLog = {
  warn: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: "warn", msg, ...obj })}\n`),
  error: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: "error", msg, ...obj })}\n`),
};

/** An error as a log line shows it: its message and code (not its stack: an outage is no bug). */
function described(err: unknown): { err: string; code?: string } {
  const code = (err as { code?: unknown } | undefined)?.code;
  return {
    err: err instanceof Error ? err.message : String(err),
    ...(typeof code === "string" ? { code } : {}),
  };
}

/** The database's reachability as this process sees it (see the module's comment). */
export class DatabaseHealth {
  private up = true;
  private downSince = 0;
  private log: HealthLog;
  private readonly probes = new Set<Probe>();
  private readonly listeners = new Set<(available: boolean) => void>();
  /** The probe under way (at most one). */
  private checking: Promise<void> | undefined;
  /** The first connection failure since the last check, and how many came. */
  private suspicion: { err: unknown; failures: number } | undefined;
  private retryMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: HealthOptions = {}) {
    this.log = options.log ?? stderrLog;
    this.retryMs = options.retryMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** Whether the database could be reached when last used or probed. */
  get available(): boolean {
    return this.up;
  }

  /** Logs with `log` from now on (the process's logger, once it has one). */
  useLog(log: HealthLog): void {
    this.log = log;
  }

  /**
   * Adds a way of probing the database (a pool's: db/postgres.ts); returns how to remove it.
   * With none left, no probe is retried.
   */
  attach(probe: Probe): () => void {
    this.probes.add(probe);
    return () => {
      this.probes.delete(probe);
      if (this.probes.size === 0) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
    };
  }

  /** Calls `listener` whenever `available` changes; returns how to stop. */
  onChange(listener: (available: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A query succeeded: the database is reachable. */
  succeeded(): void {
    if (!this.up) this.markUp();
  }

  /**
   * A query or connection failed. Of the connection class, the database is checked (a probe)
   * unless it is known to be away; returns whether it was of that class.
   */
  failed(err: unknown): boolean {
    if (!isConnectionError(err)) return false;
    this.suspect(err);
    return true;
  }

  /**
   * The server closed an idle pooled connection (pool 'error': a restart, pg_terminate_backend,
   * idle_session_timeout). The pool has dropped it and opens another on next use; whether the
   * database is still there is checked, and the burst is logged once.
   */
  connectionLost(err: unknown): void {
    this.suspect(err);
  }

  private suspect(err: unknown): void {
    if (!this.up) return;
    if (this.suspicion) this.suspicion.failures++;
    else this.suspicion = { err, failures: 1 };
    this.checking ??= this.check().finally(() => {
      this.checking = undefined;
    });
  }

  /** Probes the database after connection failures: still there (logged once), or away. */
  private async check(): Promise<void> {
    const probe = this.probes.values().next().value;
    let failure: unknown;
    if (probe)
      failure = await probe().then(
        () => undefined,
        (err: unknown) => err ?? "failed",
      );
    if (probe && failure === undefined && this.up) {
      // Still `checking`: what is lost meanwhile joins this line (suspect).
      await new Promise((resolve) =>
        setTimeout(resolve, this.options.burstMs ?? LOST_BURST_MS).unref?.(),
      );
    }
    const suspicion = this.suspicion;
    this.suspicion = undefined;
    if (!this.up) return;
    if (probe && failure === undefined) {
      this.log.warn(
        { ...described(suspicion?.err), failures: suspicion?.failures ?? 0 },
        CONNECTIONS_LOST,
      );
      return;
    }
    this.markDown(failure ?? suspicion?.err);
  }

  private markDown(err: unknown): void {
    this.up = false;
    this.downSince = this.now();
    this.retryMs = this.options.retryMs ?? 250;
    this.log.error(described(err), DATABASE_UNREACHABLE);
    this.emit();
    this.schedule();
  }

  private markUp(): void {
    this.up = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    // An outage is an operator's news as much as its start: at the same level as warnings.
    this.log.warn({ downForMs: this.now() - this.downSince }, DATABASE_REACHABLE);
    this.emit();
  }

  /** Probes again after the current wait (doubled each time, up to maxRetryMs) while away. */
  private schedule(): void {
    clearTimeout(this.timer);
    const probe = this.probes.values().next().value;
    if (!probe || this.up) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      probe().then(
        () => this.succeeded(),
        () => {
          this.retryMs = Math.min(this.options.maxRetryMs ?? 5_000, this.retryMs * 2);
          this.schedule();
        },
      );
    }, this.retryMs);
    this.timer.unref?.();
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.up);
  }
}

/** The process's tracker: every pool of DATABASE_URL reports to it (the news's, the messages'). */
export const databaseHealth = new DatabaseHealth();
