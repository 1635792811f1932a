import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type SqliteDatabase } from "kysely";
import { privateDatabaseFile, privateDir } from "../settings/private-files";
import type { Dialect } from "./dialect";
import { DatabaseUnavailableError, type DatabaseHealth } from "./health";
import { runMigrations } from "./migrate";
import type { Database as Schema } from "./schema";

export type Db = Database.Database;
export type { Dialect };

/**
 * The network's SQLite database in DATA_DIR: feeds, articles and every city's contact messages
 * (a database of one city's days, `<city>.db`, is adopted as it: db/legacy.ts).
 */
export function networkDatabaseFile(dataDir: string): string {
  return path.join(dataDir, "network.db");
}

/** What PRAGMA synchronous reports for FULL. */
export const SYNCHRONOUS_FULL = 2;

export interface OpenOptions {
  /**
   * PRAGMA synchronous of this connection (SQLite keeps it per connection, not per file, and
   * refuses to change it inside a transaction). In WAL mode, NORMAL (the default) syncs the WAL
   * only at checkpoints: a commit is fast but the last ones may be lost on power loss (never
   * corrupted); right for the news, which the next refresh writes again. FULL syncs the WAL at
   * every commit, so an acknowledged write survives power loss.
   * From: https://sqlite.org/pragma.html#pragma_synchronous, https://sqlite.org/wal.html
   */
  synchronous?: "NORMAL" | "FULL";
}

/** The network's database, whichever engine holds it, as the stores use it. */
export interface Store {
  db: Kysely<Schema>;
  dialect: Dialect;
  /** The SQLite connection under `db` (SQLite only: pragmas, `npm run messages`' checks). */
  sqlite?: Db;
  /** Closes the connection (SQLite) or the pool (PostgreSQL). */
  close(): Promise<void>;
  /** The pool's connections: open, idle, and queries waiting for one (PostgreSQL only). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Whether the database can be reached (PostgreSQL only: db/health.ts). */
  health?: DatabaseHealth;
}

/**
 * Opens (creating if needed) a SQLite database in WAL mode and brings its schema up to date
 * (migrate). Its folder is made 0700 and its files 0600 (server/settings/private-files.ts): they hold readers'
 * messages.
 */
export async function openDatabase(file: string, options: OpenOptions = {}): Promise<Store> {
  if (file !== ":memory:") {
    privateDir(path.dirname(file));
    privateDatabaseFile(file);
  }
  const raw = new Database(file);
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  await switchToWal(raw);
  raw.pragma(`synchronous = ${options.synchronous ?? "NORMAL"}`);
  raw.pragma("foreign_keys = ON");
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: preparedOnce(raw) }) });
  try {
    await migrate(raw, db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect: "sqlite", sqlite: raw, close: () => db.destroy() };
}

/** How long a SQLite connection waits for another's lock before it gives up (busy_timeout). */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Puts the database in WAL mode, trying again while another connection holds its lock. Switching
 * a new file's journal takes a shared lock and then asks for more; when another process holds a
 * reserved lock meanwhile (the first opening of a file by two processes at once: one is already
 * migrating), SQLite answers SQLITE_BUSY at once without calling the busy handler, since waiting
 * could deadlock. So the wait is ours: a few milliseconds at a time, up to BUSY_TIMEOUT_MS.
 * From: https://sqlite.org/c3ref/busy_handler.html, https://sqlite.org/wal.html#activating_and_configuring_wal_mode
 */
export async function switchToWal(raw: Db, timeoutMs = BUSY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    try {
      raw.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      const busy = (error as { code?: unknown }).code === "SQLITE_BUSY";
      if (!busy || Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** How many prepared statements a SQLite connection keeps for reuse (preparedOnce). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The connection as Kysely's SQLite dialect uses it, each statement prepared once and reused
 * (Kysely prepares every query anew; SQLite's parse and plan then cost more than many of the
 * queries themselves). Bounded: the least recently used go first (lists of ids of many lengths
 * make many texts). Statements are never run concurrently: the dialect holds its one connection
 * for one query at a time, and nothing here streams (iterate).
 */
export function preparedOnce(raw: Db, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => raw.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = raw.prepare(text);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * Brings a SQLite database's schema up to date (the migrations of db/migrations: Kysely's
 * Migrator, which on SQLite takes no lock and opens no transaction of its own) in one transaction
 * begun IMMEDIATE: it holds the write lock from the start, so that a second process opening the
 * same file meanwhile waits for it (busy_timeout), then finds nothing left to do. Foreign keys are
 * off meanwhile (SQLite ignores the setting inside a transaction): a migration that rebuilds a
 * table drops the old one, which would otherwise cascade to the rows that refer to it (as the
 * last of the steps before db/migrations does: db/legacy-schema.ts). They are checked before
 * the commit.
 * From: https://sqlite.org/lang_altertable.html#otheralter, https://sqlite.org/lang_transaction.html
 */
export async function migrate(raw: Db, db: Kysely<Schema>): Promise<void> {
  const enforced = raw.pragma("foreign_keys", { simple: true }) === 1;
  raw.pragma("foreign_keys = OFF");
  raw.exec("BEGIN IMMEDIATE");
  try {
    await runMigrations(db);
    const broken = raw.pragma("foreign_key_check") as unknown[];
    if (broken.length > 0) throw new Error(`Migrations broke ${broken.length} references`);
    raw.exec("COMMIT");
  } catch (error) {
    if (raw.inTransaction) raw.exec("ROLLBACK");
    throw error;
  } finally {
    if (enforced) raw.pragma("foreign_keys = ON");
  }
}

/**
 * Runs `work` in one write transaction. SQLite: begun IMMEDIATE, so that it holds the write lock
 * from its first read (another process's writer waits, busy_timeout, rather than both reading
 * and one failing at its first write); Kysely's single SQLite connection runs nothing else
 * meanwhile. PostgreSQL: a transaction of one pooled connection (pgTransaction).
 */
export async function writeTransaction<T>(
  store: Pick<Store, "db" | "dialect" | "poolStats">,
  work: (db: Kysely<Schema>) => Promise<T>,
): Promise<T> {
  if (store.dialect === "postgres") return pgTransaction(store, work);
  return store.db.connection().execute(async (db) => {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      const result = await work(db);
      await sql`COMMIT`.execute(db);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(db).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * `work` in a PostgreSQL transaction. A pooled connection the server closed as the pool handed it
 * out (idle_session_timeout, pg_terminate_backend, a restart) fails the BEGIN: nothing of the
 * transaction ran, so it is begun again on another, rather than a reader told that their message
 * was not received while the database is there. Every such failure takes one connection out of
 * the pool for good: at most as many again as the pool held idle when it began, plus one.
 */
async function pgTransaction<T>(
  store: Pick<Store, "db" | "poolStats">,
  work: (db: Kysely<Schema>) => Promise<T>,
): Promise<T> {
  const attempts = (store.poolStats?.().idle ?? 0) + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.db.transaction().execute(work);
    } catch (error) {
      const atBegin = error instanceof DatabaseUnavailableError && error.atBegin;
      if (!atBegin || attempt >= attempts) throw error;
    }
  }
}
