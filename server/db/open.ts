import path from "node:path";
import Database from "better-sqlite3";
import { privateDatabaseFile, privateDir } from "../private-files";

export type Db = Database.Database;

/** Versioned schema changes, applied in order; PRAGMA user_version records how many ran. */
export const MIGRATIONS: readonly string[] = [
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
];

/** The site's SQLite database in DATA_DIR: articles, feed state and the contact messages. */
export function siteDatabaseFile(dataDir: string, siteId: string): string {
  return path.join(dataDir, `${siteId}.db`);
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

/**
 * Opens (creating if needed) a SQLite database in WAL mode and brings its schema up to date. Its
 * folder is made 0700 and its files 0600 (private-files.ts): they hold readers' messages.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ":memory:") {
    privateDir(path.dirname(file));
    privateDatabaseFile(file);
  }
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${options.synchronous ?? "NORMAL"}`);
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return db;
}

/** Runs the migrations this database has not seen yet, each in its own transaction. */
export function migrate(db: Db): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  MIGRATIONS.slice(current).forEach((sql, i) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + i + 1}`);
    })();
  });
}
