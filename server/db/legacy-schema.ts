import { sql, type Kysely } from "kysely";

/**
 * How SQLite databases were made before db/migrations: eight steps, PRAGMA user_version counting
 * those a database ran. What they made is the schema of migration 0001, which makes it whole for
 * a new database and records 8 there too: every SQLite database with that schema says 8, however
 * it got there.
 *
 * Steps 2 to 8 are kept, as they were written, for one reason: a database that stopped part-way
 * (a release of one city per process left its `<city>.db` at 7 or before; db/legacy.ts adopts it)
 * is brought up to date by running the steps it lacks, in order, in migration 0001. They move
 * rows as well as tables (feeds merged by URL, sender keys blanked, categories renamed, the stored
 * articles indexed for search), which only they, run in order, do as they were done to databases
 * kept up to date at the time. Step 1 is not kept: a database at 0 is new. None of them ever
 * changes, and none is added: a change of the schema is a migration of db/migrations.
 */
export const LEGACY_SCHEMA_VERSION = 8;

/**
 * Steps 2 to 8, each the statements that take a database from the version before to its own
 * (Kysely runs one statement at a time, so each step's SQL is split where it had semicolons).
 */
const STEPS: readonly (readonly string[])[] = [
  // 2: messages from the contact form
  [
    `CREATE TABLE messages (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     subject TEXT NOT NULL,
     message TEXT NOT NULL,
     sender TEXT NOT NULL,
     created_at INTEGER NOT NULL
   )`,
    `CREATE INDEX messages_by_sender ON messages (sender, created_at)`,
  ],
  // 3: the feed's own date of an article whose date was clamped (more than a day ahead)
  [`ALTER TABLE articles ADD COLUMN claimed_at INTEGER`],
  // 4: each feed's articles in the order pages read them (store.ts NEWEST_FIRST), so that a read
  // of a feed's newest takes its first rows of the index and never sorts its history
  [
    `DROP INDEX IF EXISTS articles_by_feed_date`,
    `CREATE INDEX articles_newest
     ON articles (feed_id, published_at IS NULL, published_at DESC, last_seen DESC, position)`,
  ],
  // 5: sender keys were plain SHA-256 hashes of an address, which a table of the IPv4 space
  // reverses; they are now keyed HMACs (messages/sender-key.ts). The old ones only ever served a
  // 10-minute rate limit, so they are blanked rather than kept reversible.
  [`UPDATE messages SET sender = ''`],
  // 6: full-text search over the articles' titles and summaries, as migration 0001 describes it,
  // and the index built of the articles stored before it.
  [
    `CREATE VIRTUAL TABLE articles_fts USING fts5(
     title, summary, content = 'articles', content_rowid = 'id',
     tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
   )`,
    `CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
     INSERT INTO articles_fts (rowid, title, summary) VALUES (new.id, new.title, new.summary);
   END`,
    `CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
     INSERT INTO articles_fts (articles_fts, rowid, title, summary)
       VALUES ('delete', old.id, old.title, old.summary);
   END`,
    `CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, summary ON articles
     WHEN old.title IS NOT new.title OR old.summary IS NOT new.summary BEGIN
     INSERT INTO articles_fts (articles_fts, rowid, title, summary)
       VALUES ('delete', old.id, old.title, old.summary);
     INSERT INTO articles_fts (rowid, title, summary) VALUES (new.id, new.title, new.summary);
   END`,
    `INSERT INTO articles_fts (articles_fts) VALUES ('rebuild')`,
  ],
  // 7: an article's category is its category's label in the table (as stored until migration
  // 0011, which stores its key): the two whose label is not their capitalised feed key are
  // renamed in place
  [
    `UPDATE articles SET category = 'Real Estate' WHERE category = 'Realestate'`,
    `UPDATE articles SET category = 'Arts & Culture' WHERE category = 'Arts'`,
  ],
  // 8: the network (one process, many cities). A feed is stored once per URL, its fetch state
  // and its articles with it, whatever categories and cities list it (which ones do is the
  // cities' data, read at start: news/subscriptions.ts); copies of a URL kept per category merge
  // into the oldest, their articles moved to it unless it has them already. A feed keeps its channel
  // title (the publisher's name) and the interval its publishing pace earned (news/schedule.ts).
  // A message names the city it was sent to; messages stored before are the legacy database's
  // city's (db/legacy.ts adopts them). Foreign keys are off while migrations run (open.ts
  // migrate): the old feeds are dropped while articles still refer to them.
  [
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
   )`,
    `INSERT INTO feed_urls (id, url, etag, last_modified, last_attempt, last_success, last_error,
       consecutive_failures, next_attempt)
     SELECT id, url, etag, last_modified, last_attempt, last_success, last_error,
       consecutive_failures, next_attempt
     FROM feeds WHERE id IN (SELECT MIN(id) FROM feeds GROUP BY url)`,
    `UPDATE OR IGNORE articles SET feed_id = (
       SELECT MIN(same.id) FROM feeds this JOIN feeds same ON same.url = this.url
       WHERE this.id = articles.feed_id)
     WHERE feed_id NOT IN (SELECT id FROM feed_urls)`,
    `DELETE FROM articles WHERE feed_id NOT IN (SELECT id FROM feed_urls)`,
    `DROP TABLE feeds`,
    `ALTER TABLE feed_urls RENAME TO feeds`,
    `ALTER TABLE messages ADD COLUMN site TEXT NOT NULL DEFAULT ''`,
    `DROP INDEX messages_by_sender`,
    `CREATE INDEX messages_by_site_sender ON messages (site, sender, created_at)`,
  ],
];

/** A SQLite database's PRAGMA user_version: how many of the eight steps it ran (0: none). */
export async function legacySchemaVersion(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db);
  return rows[0]?.user_version ?? 0;
}

/**
 * Runs, in order, the steps that a SQLite database which ran `version` of them (1 or more) lacks:
 * none at 8.
 */
export async function finishLegacySchema(db: Kysely<unknown>, version: number): Promise<void> {
  for (const statements of STEPS.slice(version - 1)) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  }
}
