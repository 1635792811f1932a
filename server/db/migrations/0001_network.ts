import { sql, type Kysely, type RawBuilder } from "kysely";
import { dialectOf } from "../dialect";
import { LEGACY_SCHEMA_VERSION, finishLegacySchema, legacySchemaVersion } from "../legacy-schema";

/**
 * The network's schema as it stood when migrations moved to this folder: feeds once per URL,
 * their articles, full-text search over them, and every city's contact messages. This folder
 * alone builds either database from empty.
 *
 * SQLite (SQLITE): those tables, and search over an FTS5 index (news/search.ts, decision 003)
 * whose text stays in `articles` (external content), diacritics folded ("cafe" finds "café"),
 * prefixes of 2 to 8 letters kept ready (a prefix query then reads one list, newest first,
 * instead of merging every word it starts). Triggers keep it in step with every write, upserts
 * and prunes included; a 'delete' must be given the old text, which is what the index removes.
 * An upsert that changes neither column leaves the index alone. The columns stand in the order
 * that databases made before this folder have them (claimed_at and site were added last).
 * From: https://sqlite.org/fts5.html#external_content_tables
 *
 * A SQLite database made before this folder has this schema already, or part of it: PRAGMA
 * user_version says how many of the steps that made it ran (db/legacy-schema.ts). Such a database
 * is finished by the steps it lacks (none at 8) rather than made anew, so that the rows it holds
 * are moved as those steps move them. Every SQLite database then records 8, as databases with
 * this schema always have: an earlier release, which ran those steps itself before this folder's
 * migrations, finds none of them left to run when it opens one (a rollback).
 *
 * PostgreSQL (POSTGRES): the same tables. Search matches a generated tsvector of title and
 * summary in the `simple_unaccent` configuration: words as they are (no stemming, as SQLite's
 * unicode61 tokenizer), diacritics folded (`unaccent`, a trusted extension a database owner may
 * create), under a GIN index; its statistics target is raised so that the planner knows how rare
 * a word is (at a million rows, a rare word's search otherwise reads far more than it needs).
 * From: https://www.postgresql.org/docs/15/unaccent.html,
 * https://www.postgresql.org/docs/15/textsearch-tables.html
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") return run(db, POSTGRES);
  const version = await legacySchemaVersion(db);
  if (version === 0) await run(db, SQLITE);
  else await finishLegacySchema(db, version);
  await sql.raw(`PRAGMA user_version = ${LEGACY_SCHEMA_VERSION}`).execute(db);
}

async function run(db: Kysely<unknown>, statements: readonly RawBuilder<unknown>[]): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

const SQLITE: readonly RawBuilder<unknown>[] = [
  sql`CREATE TABLE feeds (
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
  sql`CREATE TABLE articles (
        id INTEGER PRIMARY KEY,
        feed_id INTEGER NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
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
        claimed_at INTEGER,
        UNIQUE (feed_id, uid)
      )`,
  sql`CREATE INDEX articles_newest
        ON articles (feed_id, published_at IS NULL, published_at DESC, last_seen DESC, position)`,
  sql`CREATE VIRTUAL TABLE articles_fts USING fts5(
        title, summary, content = 'articles', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8'
      )`,
  sql`CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
        INSERT INTO articles_fts (rowid, title, summary) VALUES (new.id, new.title, new.summary);
      END`,
  sql`CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
        INSERT INTO articles_fts (articles_fts, rowid, title, summary)
          VALUES ('delete', old.id, old.title, old.summary);
      END`,
  sql`CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, summary ON articles
        WHEN old.title IS NOT new.title OR old.summary IS NOT new.summary BEGIN
        INSERT INTO articles_fts (articles_fts, rowid, title, summary)
          VALUES ('delete', old.id, old.title, old.summary);
        INSERT INTO articles_fts (rowid, title, summary) VALUES (new.id, new.title, new.summary);
      END`,
  // The default only ever served the rows stored before a message named its city.
  sql`CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL,
        sender TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        site TEXT NOT NULL DEFAULT ''
      )`,
  sql`CREATE INDEX messages_by_site_sender ON messages (site, sender, created_at)`,
];

const POSTGRES: readonly RawBuilder<unknown>[] = [
  sql`CREATE EXTENSION IF NOT EXISTS unaccent`,
  sql`CREATE TEXT SEARCH CONFIGURATION simple_unaccent (COPY = simple)`,
  sql`ALTER TEXT SEARCH CONFIGURATION simple_unaccent
        ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple`,
  sql`CREATE TABLE feeds (
        id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        url text NOT NULL UNIQUE,
        title text,
        etag text,
        last_modified text,
        last_attempt bigint,
        last_success bigint,
        last_error text,
        consecutive_failures integer NOT NULL DEFAULT 0,
        next_attempt bigint,
        interval_ms bigint
      )`,
  sql`CREATE TABLE articles (
        id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        feed_id integer NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
        uid text NOT NULL,
        title text NOT NULL,
        summary text NOT NULL,
        url text NOT NULL,
        image text NOT NULL,
        image_is_default integer NOT NULL,
        published_at bigint,
        claimed_at bigint,
        category text NOT NULL,
        position integer NOT NULL,
        first_seen bigint NOT NULL,
        last_seen bigint NOT NULL,
        search tsvector GENERATED ALWAYS AS (
          to_tsvector('simple_unaccent'::regconfig, title || ' ' || summary)) STORED,
        UNIQUE (feed_id, uid)
      )`,
  sql`CREATE INDEX articles_newest ON articles
        (feed_id, (published_at IS NULL), published_at DESC, last_seen DESC, position)`,
  sql`CREATE INDEX articles_search ON articles USING gin (search)`,
  sql`ALTER TABLE articles ALTER COLUMN search SET STATISTICS 1000`,
  sql`CREATE TABLE messages (
        id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        site text NOT NULL,
        name text NOT NULL,
        email text NOT NULL,
        subject text NOT NULL,
        message text NOT NULL,
        sender text NOT NULL,
        created_at bigint NOT NULL
      )`,
  sql`CREATE INDEX messages_by_site_sender ON messages (site, sender, created_at)`,
];
