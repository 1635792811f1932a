import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type SqliteDatabase } from "kysely";
import { privateDatabaseFile, privateDir } from "../settings/private-files";
import type { Dialect } from "./dialect";
import type { DatabaseHealth } from "./health";
import { runMigrations } from "./migrate";
import type { Database as Schema } from "./schema";

export type Db = Database.Database;
export type { Dialect };

/**
 * The schema changes of SQLite databases before migrations moved to db/migrations, applied in
 * order; PRAGMA user_version records how many ran. History: never changed, never added to.
 */
export const LEGACY_MIGRATIONS: readonly string[] = [
  // 1: feeds and their articles
  `CREATE TABLE feeds (
     id INTEGER PRIMARY KEY,
     key TEXT NOT NULL,
     url TEXT NOT NULL,
     active INTEGER NOT NULL DEFAULT 1,
     etag TEXT,
     last_modified TEXT,
     last_attempt INTEGER,
     last_success INTEGER,
     last_error TEXT,
     consecutive_failures INTEGER NOT NULL DEFAULT 0,
     next_attempt INTEGER,
     UNIQUE (key, url)
   );
   CREATE TABLE articles (
     id INTEGER PRIMARY KEY,
     feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
     uid TEXT NOT NULL,
     title TEXT NOT NULL,
     summary TEXT NOT NULL,
     url TEXT NOT NULL,
     image TEXT NOT NULL,
     image_is_default INTEGER NOT NULL,
     published_at INTEGER,
     category TEXT NOT NULL,
     position INTEGER NOT NULL,
     first_seen INTEGER NOT NULL,
     last_seen INTEGER NOT NULL,
     UNIQUE (feed_id, uid)
   );
   CREATE INDEX articles_by_feed_date ON articles (feed_id, published_at DESC);`,
  // 2: messages from the contact form
  `CREATE TABLE messages (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     subject TEXT NOT NULL,
     message TEXT NOT NULL,
     sender TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX messages_by_sender ON messages (sender, created_at);`,
  // 3: the feed's own date of an article whose date was clamped (more than a day ahead)
  `ALTER TABLE articles ADD COLUMN claimed_at INTEGER;`,
  // 4: each feed's articles in the order pages read them (store.ts NEWEST_FIRST), so that a read
  // of a feed's newest takes its first rows of the index and never sorts its history
  `DROP INDEX IF EXISTS articles_by_feed_date;
   CREATE INDEX articles_newest
     ON articles (feed_id, published_at IS NULL, published_at DESC, last_seen DESC, position);`,
  // 5: sender keys were plain SHA-256 hashes of an address, which a table of the IPv4 space
  // reverses; they are now keyed HMACs (messages/sender-key.ts). The old ones only ever served a
  // 10-minute rate limit, so they are blanked rather than kept reversible.
  `UPDATE messages SET sender = '';`,
  // 6: full-text search over the articles' titles and summaries (news/search.ts, decision 003):
  // an FTS5 index whose text stays in `articles` (external content), diacritics folded ("cafe"
  // finds "café"), prefixes of 2 to 8 letters kept ready (a prefix query then reads one list,
  // newest first, instead of merging every word it starts). Triggers keep it in step with every
  // write, upserts and prunes included; a 'delete' must be given the old text, which is what
  // the index removes. An upsert that changes neither column leaves the index alone.
  // From: https://sqlite.org/fts5.html#external_content_tables
  `CREATE VIRTUAL TABLE articles_fts USING fts5(
     title, summary, content = 'articles', content_rowid = 'id',
     tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
   );
   CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
     INSERT INTO articles_fts (rowid, title, summary) VALUES (new.id, new.title, new.summary);
   END;
   CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
     INSERT INTO articles_fts (articles_fts, rowid, title, summary)
       VALUES ('delete', old.id, old.title, old.summary);
   END;
   CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, summary ON articles
     WHEN old.title IS NOT new.title OR old.summary IS NOT new.summary BEGIN
     INSERT INTO articles_fts (articles_fts, rowid, title, summary)
       VALUES ('delete', old.id, old.title, old.summary);
     INSERT INTO articles_fts (rowid, title, summary) VALUES (new.id, new.title, new.summary);
   END;
   INSERT INTO articles_fts (articles_fts) VALUES ('rebuild');`,
  // 7: an article's category is its category's label in the table (normalize.ts categoryLabel):
  // the two whose label is not their capitalised feed key are renamed in place
  `UPDATE articles SET category = 'Real Estate' WHERE category = 'Realestate';
   UPDATE articles SET category = 'Arts & Culture' WHERE category = 'Arts';`,
  // 8: the network (one process, many cities). A feed is stored once per URL, its fetch state
  // and its articles with it, whatever categories and cities list it (which ones do is the
  // cities' data, read at start: news/network.ts); copies of a URL kept per category merge into
  // the oldest, their articles moved to it unless it has them already. A feed keeps its channel
  // title (the publisher's name) and the interval its publishing pace earned (news/schedule.ts).
  // A message names the city it was sent to; messages stored before are the legacy database's
  // city's (db/legacy.ts adopts them). Foreign keys are off while migrations run (migrate()).
  `CREATE TABLE feed_urls (
     id INTEGER PRIMARY KEY,
     url TEXT NOT NULL UNIQUE,
     title TEXT,
     etag TEXT,
     last_modified TEXT,
     last_attempt INTEGER,
     last_success INTEGER,
     last_error TEXT,
     consecutive_failures INTEGER NOT NULL DEFAULT 0,
     next_attempt INTEGER,
     interval_ms INTEGER
   );
   INSERT INTO feed_urls (id, url, etag, last_modified, last_attempt, last_success, last_error,
       consecutive_failures, next_attempt)
     SELECT id, url, etag, last_modified, last_attempt, last_success, last_error,
       consecutive_failures, next_attempt
     FROM feeds WHERE id IN (SELECT MIN(id) FROM feeds GROUP BY url);
   UPDATE OR IGNORE articles SET feed_id = (
       SELECT MIN(same.id) FROM feeds this JOIN feeds same ON same.url = this.url
       WHERE this.id = articles.feed_id)
     WHERE feed_id NOT IN (SELECT id FROM feed_urls);
   DELETE FROM articles WHERE feed_id NOT IN (SELECT id FROM feed_urls);
   DROP TABLE feeds;
   ALTER TABLE feed_urls RENAME TO feeds;
   ALTER TABLE messages ADD COLUMN site TEXT NOT NULL DEFAULT '';
   DROP INDEX messages_by_sender;
   CREATE INDEX messages_by_site_sender ON messages (site, sender, created_at);`,
];

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
  raw.pragma("journal_mode = WAL");
  raw.pragma(`synchronous = ${options.synchronous ?? "NORMAL"}`);
  raw.pragma("foreign_keys = ON");
  raw.pragma("busy_timeout = 5000");
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: preparedOnce(raw) }) });
  try {
    await migrate(raw, db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect: "sqlite", sqlite: raw, close: () => db.destroy() };
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
 * Brings a SQLite database's schema up to date, in one transaction begun IMMEDIATE (it holds
 * the write lock from the start: a second process opening the same file meanwhile waits for it,
 * busy_timeout, then finds nothing left to do): first the eight migrations numbered by PRAGMA
 * user_version that SQLite databases had before (LEGACY_MIGRATIONS, history that never changes),
 * then the migrations of db/migrations (Kysely's Migrator, which on SQLite takes no lock and
 * opens no transaction of its own). Foreign keys are off meanwhile (SQLite ignores the setting
 * inside a transaction): a migration that rebuilds a table drops the old one, which would
 * otherwise cascade to the rows that refer to it. They are checked before the commit.
 * From: https://sqlite.org/lang_altertable.html#otheralter, https://sqlite.org/lang_transaction.html
 */
export async function migrate(raw: Db, db: Kysely<Schema>): Promise<void> {
  const enforced = raw.pragma("foreign_keys", { simple: true }) === 1;
  raw.pragma("foreign_keys = OFF");
  raw.exec("BEGIN IMMEDIATE");
  try {
    const current = raw.pragma("user_version", { simple: true }) as number;
    LEGACY_MIGRATIONS.slice(current).forEach((statements, i) => {
      raw.exec(statements);
      raw.pragma(`user_version = ${current + i + 1}`);
    });
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
 * meanwhile. PostgreSQL: a transaction of one pooled connection.
 */
export async function writeTransaction<T>(
  store: Pick<Store, "db" | "dialect">,
  work: (db: Kysely<Schema>) => Promise<T>,
): Promise<T> {
  if (store.dialect === "postgres") return store.db.transaction().execute(work);
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
