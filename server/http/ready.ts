import { isRead, type Handler } from "./exchange";
import { jsonHeaders } from "./headers";

/** The readiness probe's path: whether this instance should be sent readers now. */
export const READY_PATH = "/readyz";

/**
 * How long one answer of the database check is reused: a load balancer probing every second
 * from several places then costs one `SELECT 1` a second, never a queue of them on the pool.
 */
export const READY_CACHE_MS = 1_000;
/**
 * The longest the database check waits for `SELECT 1`: a probe answers in well under its own
 * timeout (usually a few seconds), and a database that slow is as good as away for readers.
 */
export const READY_TIMEOUT_MS = 1_500;

/** How long a query that timed out keeps others from being sent while it still runs. */
export const READY_HUNG_RETRY_MS = 10_000;

/** What the readiness check needs to know of the process. */
export interface ReadinessOptions {
  /** Runs a cheap query (`SELECT 1`); rejects when the database does not answer. */
  queryDatabase: () => Promise<unknown>;
  /**
   * The database health tracker's view (db/health.ts; PostgreSQL only): when it already knows
   * the database is away, no query is sent (it probes on its own and notices the return).
   */
  databaseAvailable?: () => boolean;
  /** How many cities this process serves (their files read and checked at start). */
  cities: () => number;
  now?: () => number;
  cacheMs?: number;
  timeoutMs?: number;
}

/** The answer of /readyz: ready, or why not. */
export interface ReadyState {
  ready: boolean;
  reasons: string[];
}

/**
 * Whether this instance can serve readers: its database answers, its cities are loaded, and it
 * is not shutting down. Migrations need no check of their own: the database is opened, and its
 * schema brought up to date, before the server listens (db/open.ts, db/postgres.ts), so a
 * process that answers /readyz has run them.
 */
export class Readiness {
  private draining = false;
  private database: { at: number; reason: string | undefined } | undefined;
  private checking: Promise<string | undefined> | undefined;
  /** When a query that timed out (and is still running) was sent. */
  private hungSince: number | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ReadinessOptions) {
    this.now = options.now ?? Date.now;
  }

  /** From now on the instance is not ready: it is shutting down (SIGTERM, SIGINT). */
  drain(): void {
    this.draining = true;
  }

  /** Whether drain() was called. */
  get shuttingDown(): boolean {
    return this.draining;
  }

  /** The instance's state, the database checked at most once per cacheMs. */
  async check(): Promise<ReadyState> {
    const reasons: string[] = [];
    if (this.draining) reasons.push("shutting down");
    if (this.options.cities() === 0) reasons.push("no city loaded");
    const database = await this.databaseReason();
    if (database) reasons.push(database);
    return { ready: reasons.length === 0, reasons };
  }

  /** Why the database is not ready (undefined: it answered), cached; one query at a time. */
  private databaseReason(): Promise<string | undefined> {
    if (this.options.databaseAvailable?.() === false) {
      return Promise.resolve("database unreachable");
    }
    const cached = this.database;
    if (cached && this.now() - cached.at < (this.options.cacheMs ?? READY_CACHE_MS)) {
      return Promise.resolve(cached.reason);
    }
    this.checking ??= this.queryWithTimeout().then((reason) => {
      this.database = { at: this.now(), reason };
      this.checking = undefined;
      return reason;
    });
    return this.checking;
  }

  /**
   * The query's answer within timeoutMs. While a query that outlived its timeout still runs, no
   * other is sent for READY_HUNG_RETRY_MS (a hung database would otherwise collect one more each
   * cache period); past it one is, in case only that one connection hangs.
   */
  private async queryWithTimeout(): Promise<string | undefined> {
    const sent = this.now();
    if (this.hungSince !== undefined && sent - this.hungSince < READY_HUNG_RETRY_MS) {
      return "database timed out";
    }
    const timeoutMs = this.options.timeoutMs ?? READY_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        this.hungSince = sent;
        resolve("database timed out");
      }, timeoutMs);
    });
    const answered = this.options
      .queryDatabase()
      .then(
        () => undefined,
        () => "database unreachable",
      )
      .finally(() => {
        if (this.hungSince === sent) this.hungSince = undefined;
      });
    try {
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The readiness probe: beside the health probe, answered whatever the Host. 200 {status:"ready"}
 * or 503 {status:"not ready", reasons}; never stored. /healthz stays liveness (no database).
 */
export function readinessProbe(readiness: Readiness): Handler {
  return ({ req, res, pathname }) => {
    if (pathname !== READY_PATH || !isRead(req)) return false;
    readiness.check().then(
      (state) => answer(res, state, req.method === "HEAD"),
      () => answer(res, { ready: false, reasons: ["check failed"] }, req.method === "HEAD"),
    );
    return true;
  };
}

function answer(res: Parameters<Handler>[0]["res"], state: ReadyState, head: boolean): void {
  if (res.destroyed) return;
  const body = Buffer.from(
    JSON.stringify(
      state.ready ? { status: "ready" } : { status: "not ready", reasons: state.reasons },
    ),
  );
  res.writeHead(state.ready ? 200 : 503, {
    ...jsonHeaders(),
    "Content-Length": String(body.length),
  });
  res.end(head ? undefined : body);
}
