import {
  Kysely,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type QueryCompiler,
  type TransactionSettings,
} from "kysely";
import pg from "pg";
import {
  DatabaseUnavailableError,
  databaseHealth,
  isConnectionError,
  type DatabaseHealth,
  type HealthLog,
} from "./health";
import { runMigrations } from "./migrate";
import type { Store } from "./open";
import type { Database } from "./schema";

/** PostgreSQL's type id of bigint (int8). */
const INT8 = 20;

/**
 * How long a connection may take to open (or a query to wait for a pooled one) before it fails:
 * while the database is away, a reader waits this long at most, never forever.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
/** How long a pooled connection may stay idle before the pool closes it. */
export const IDLE_TIMEOUT_MS = 10_000;

export interface PostgresOptions {
  /** The most connections this instance opens (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /**
   * Where the pool reports whether the database can be reached (db/health.ts): the process's
   * tracker unless given (the news's pool and the messages' share it).
   */
  health?: DatabaseHealth;
  /** The process's logger for the tracker's lines (its outage and its end). */
  log?: HealthLog;
}

/**
 * Opens the network's database on PostgreSQL (DATABASE_URL) and brings its schema up to date
 * (db/migrations, under the Migrator's advisory lock). Times are bigint columns of milliseconds,
 * read back as numbers (exact below 2^53, some 285,000 years after 1970). Every connection
 * commits synchronously (`synchronous_commit = on`, whatever the server's default): a contact
 * message acknowledged to a reader is on disk.
 *
 * A database that goes away is survived: every pooled connection has its error handled (the
 * server closing an idle one, as a restart, pg_terminate_backend or idle_session_timeout do,
 * would otherwise end the process: an 'error' event without a listener), the pool opens new ones
 * on next use, opening one gives up after CONNECT_TIMEOUT_MS, and a query that fails for want
 * of the database rejects with DatabaseUnavailableError and tells the health tracker, which
 * logs the outage and its end once each.
 * From: https://node-postgres.com/features/queries#types,
 * https://node-postgres.com/apis/pool#error,
 * https://www.postgresql.org/docs/15/runtime-config-wal.html#GUC-SYNCHRONOUS-COMMIT
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Store> {
  const health = options.health ?? databaseHealth;
  if (options.log) health.useLog(options.log);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    options: "-c synchronous_commit=on",
    application_name: APPLICATION_NAME,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    // A peer gone without a word (a network partition) is noticed rather than waited on.
    keepAlive: true,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8 && format !== "binary"
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server closed: the pool has dropped it already.
  pool.on("error", (err) => health.connectionLost(err));
  // A connection in use that fails emits 'error' too (node-postgres keeps the pool's listener
  // only while it is idle): its query, or the next, rejects and reports it (ReportingDriver).
  pool.on("connect", (client) => client.on("error", ignore));
  const detach = health.attach(() => probe(url));
  const db = new Kysely<Database>({
    dialect: new ReportingPostgresDialect({ pool: discardingBroken(pool) }, health),
  });
  const close = async () => {
    detach();
    await db.destroy();
  };
  try {
    await runMigrations(db);
  } catch (error) {
    await close();
    throw error;
  }
  // Read at each scrape of the metrics: node-postgres keeps these counts itself.
  const poolStats = () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
  return { db, dialect: "postgres", close, health, poolStats };
}

/** How the site's connections name themselves to the server (pg_stat_activity). */
export const APPLICATION_NAME = "city-news";

function ignore(): void {}

/**
 * Whether the database can be reached, over a connection of its own (not a pooled one: a pool
 * busy with slow queries is not a database away): connects, runs `SELECT 1`, closes.
 */
async function probe(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    application_name: APPLICATION_NAME,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
  });
  client.on("error", ignore);
  try {
    await client.connect();
    await client.query("SELECT 1");
  } finally {
    await client.end().catch(ignore);
  }
}

/**
 * The pool as Kysely is given it: a connection whose query failed for want of the connection is
 * destroyed when it is released, never handed out again. The server's FATAL error (a session
 * ended by idle_session_timeout or pg_terminate_backend as its query arrived) answers the query
 * before the socket's end is heard, so node-postgres would take it back as idle and usable: the
 * next transaction's BEGIN would fail on it too (db/open.ts writeTransaction counts on each
 * failed BEGIN taking its connection out of the pool).
 * From: https://node-postgres.com/apis/pool#releasing-clients
 */
function discardingBroken(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, DiscardingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = new DiscardingClient(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
    // Kysely 0.29 makes its own client from these to cancel a query (the pool's settings).
    Client: pg.Client,
    options: pool.options,
  };
}

/** A pooled connection that knows whether it broke (discardingBroken). */
class DiscardingClient implements PostgresPoolClient {
  private broken = false;

  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely passes a cursor only when the dialect is given one to stream with; none is.
    if (typeof sql !== "string") throw new Error("No cursor is configured for streaming");
    return this.run<R>(sql, parameters);
  }

  private async run<R>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> {
    try {
      // node-postgres types `command` as any string; it is the statement's (Kysely's list).
      return (await this.client.query(sql, [...parameters])) as unknown as PostgresQueryResult<R>;
    } catch (err) {
      if (isConnectionError(err)) this.broken = true;
      throw err;
    }
  }

  release(destroy?: boolean): void {
    this.client.release(destroy === true || this.broken);
  }
}

/** Kysely's PostgreSQL dialect whose driver reports to the health tracker (ReportingDriver). */
class ReportingPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly health: DatabaseHealth,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new ReportingDriver(super.createDriver(), this.health);
  }
}

/**
 * Kysely's PostgreSQL driver, each query's outcome told to the health tracker: a success that
 * the database is there, a failure of the connection class (db/health.ts isConnectionError)
 * that it may not be, which then rejects with DatabaseUnavailableError (its cause the driver's
 * error); any other failure is the driver's own. The connections handed to Kysely wrap the
 * driver's; the driver is given its own back.
 */
class ReportingDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  private readonly inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly driver: Driver,
    private readonly health: DatabaseHealth,
  ) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.report(this.driver.acquireConnection(), false);
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = {
        executeQuery: (query) => this.report(connection.executeQuery(query), true),
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
      this.wrappers.set(connection, wrapper);
      this.inner.set(wrapper, connection);
    }
    return wrapper;
  }

  private own(connection: DatabaseConnection): DatabaseConnection {
    return this.inner.get(connection) ?? connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.report(this.driver.beginTransaction(this.own(connection), settings), true, true);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.report(this.driver.commitTransaction(this.own(connection)), true);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.report(this.driver.rollbackTransaction(this.own(connection)), true);
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    return this.report(this.savepoints().savepoint(this.own(connection), name, compile), true);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    const driver = this.savepoints();
    return this.report(driver.rollbackToSavepoint(this.own(connection), name, compile), true);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler["compileQuery"],
  ): Promise<void> {
    const driver = this.savepoints();
    return this.report(driver.releaseSavepoint(this.own(connection), name, compile), true);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(this.own(connection));
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }

  /** The driver's savepoint methods (Kysely's PostgreSQL driver has them all). */
  private savepoints(): Required<
    Pick<Driver, "savepoint" | "rollbackToSavepoint" | "releaseSavepoint">
  > {
    return this.driver as Required<Driver>;
  }

  /**
   * `work`'s outcome, told to the tracker (a success only when a query answered: `answered`;
   * `atBegin` when `work` is a transaction's BEGIN).
   */
  private async report<T>(work: Promise<T>, answered: boolean, atBegin = false): Promise<T> {
    let result: T;
    try {
      result = await work;
    } catch (err) {
      if (this.health.failed(err)) throw new DatabaseUnavailableError(err, { atBegin });
      throw err;
    }
    if (answered) this.health.succeeded();
    return result;
  }
}
