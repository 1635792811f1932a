import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  databaseFixture,
  makeLegacyStories,
  migrateTo,
  postgresRows,
  sqliteRows,
  withClient,
} from "../../tests/support/databases";
import { openSqliteAt } from "../../tests/support/db";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { MIGRATIONS } from "./migrations";
import { openDatabase, type Db, type Store } from "./open";
import { openPostgres } from "./postgres";

// Migration 0011: each stored story's category its key, not its English label, on a database as
// today's code (migrations to 0010) and older code left it, on both engines.

/** The migration before 0011: a database as the code that stored labels left it. */
const BEFORE = "0010_briefing";

/** Each category a story of a database before 0011 may hold, and what 0011 leaves of it. */
const REWRITTEN: readonly (readonly [string, string])[] = [
  ["Local", "local"],
  ["National", "national"],
  ["World", "world"],
  ["Politics", "politics"],
  ["Business", "business"],
  ["Technology", "technology"],
  ["Automotive", "automotive"],
  ["Real Estate", "realestate"],
  ["Health", "health"],
  ["Sports", "sports"],
  ["Arts & Culture", "arts"],
  ["Food", "food"],
  ["Lifestyle", "lifestyle"],
  ["Opinion", "opinion"],
  ["Archives", "archives"],
  ["Events", "events"],
  // Before legacy step 7: the feed key capitalised.
  ["Realestate", "realestate"],
  ["Arts", "arts"],
  // No label: kept as it is (a key already, a label in another case, other text, none).
  ["local", "local"],
  ["real estate", "real estate"],
  ["LOCAL", "LOCAL"],
  ["Wire", "Wire"],
  ["", ""],
];

/** The stories' rows to insert: one per category of REWRITTEN, of feed 1. */
const STORIES = REWRITTEN.map(([category], i) => ({
  feed_id: 1,
  uid: `story-${i}`,
  title: `Ferry story ${i}`,
  summary: `Summary ${i}`,
  url: `https://news.example.org/${i}`,
  image: "/images/default-news.svg",
  image_is_default: 1,
  published_at: 1_795_776_400_000 + i,
  category,
  position: i,
  first_seen: 1_795_776_500_000,
  last_seen: 1_795_779_940_000,
}));

/** Migration 0011 run again on `store`, as the Migrator runs it. */
function runAgain(store: Store): Promise<void> {
  const migration = MIGRATIONS["0011_category_keys"];
  if (!migration) throw new Error("No migration 0011_category_keys");
  return migration.up(store.db);
}

/** The stored categories by uid, in the order of REWRITTEN. */
const categoriesOf = (articles: Record<string, unknown>[] = []) =>
  STORIES.map((s) => articles.find((a) => a.uid === s.uid)?.category);

/** `rows` without the articles' categories (what 0011 must leave as it was). */
function withoutCategories(rows: Record<string, Record<string, unknown>[]>) {
  return {
    ...rows,
    kysely_migration: rows.kysely_migration?.filter((m) => String(m.name) <= BEFORE),
    articles: rows.articles?.map(({ category: _, ...article }) => article),
  };
}

describe("migration 0011 on SQLite", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "category-keys-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A database as the code before 0011 made it, holding STORIES; its rows then. */
  async function before(
    name: string,
  ): Promise<{ file: string; rows: ReturnType<typeof sqliteRows> }> {
    const file = path.join(dir, `${name}.db`);
    const db = await openSqliteAt(file, BEFORE);
    db.prepare("INSERT INTO feeds (id, url) VALUES (1, 'https://feeds.example.org/a')").run();
    const insert = db.prepare(`INSERT INTO articles (feed_id, uid, title, summary, url, image,
      image_is_default, published_at, category, position, first_seen, last_seen)
      VALUES (@feed_id, @uid, @title, @summary, @url, @image, @image_is_default, @published_at,
        @category, @position, @first_seen, @last_seen)`);
    for (const story of STORIES) insert.run(story);
    const rows = sqliteRows(db);
    db.close();
    return { file, rows };
  }

  it("rewrites every stored label to its key, keeps any other value and everything else", async () => {
    const { file, rows } = await before("labels");
    expect(categoriesOf(rows.articles)).toEqual(REWRITTEN.map(([label]) => label));
    const store = await openDatabase(file);
    try {
      const db = store.sqlite as Db;
      const after = sqliteRows(db);
      expect(categoriesOf(after.articles)).toEqual(REWRITTEN.map(([, key]) => key));
      expect(withoutCategories(after)).toEqual(withoutCategories(rows));
      // The search index is the articles' still.
      const found = db
        .prepare("SELECT rowid FROM articles_fts WHERE articles_fts MATCH 'ferry'")
        .all();
      expect(found).toHaveLength(STORIES.length);
      expect(() =>
        db.exec("INSERT INTO articles_fts (articles_fts) VALUES ('integrity-check')"),
      ).not.toThrow();
    } finally {
      await store.close();
    }
  });

  it("changes nothing when it runs again", async () => {
    const { file } = await before("twice");
    const store = await openDatabase(file);
    try {
      const once = sqliteRows(store.sqlite as Db);
      expect(categoriesOf(once.articles)).toEqual(REWRITTEN.map(([, key]) => key));
      await runAgain(store);
      expect(sqliteRows(store.sqlite as Db)).toEqual(once);
    } finally {
      await store.close();
    }
  });

  it("rewrites the labels of a database made at 701c950 (tests/fixtures/databases)", async () => {
    const file = path.join(dir, "fixture.db");
    const old = new Database(file);
    old.exec(databaseFixture("sqlite-rows"));
    old.close();
    const store = await openDatabase(file);
    try {
      const rows = (store.sqlite as Db)
        .prepare("SELECT uid, category FROM articles ORDER BY id")
        .all();
      expect(rows).toEqual([
        { uid: "https://news.example.org/cafe", category: "local" },
        { uid: "guid-42", category: "local" },
        { uid: "world-7", category: "realestate" },
      ]);
    } finally {
      await store.close();
    }
  });

  it("gives a database of one city at user_version 6 its keys, after legacy step 7", async () => {
    const file = path.join(dir, "legacy.db");
    const old = new Database(file);
    makeLegacyStories(old);
    old.close();
    const store = await openDatabase(file);
    try {
      const rows = (store.sqlite as Db)
        .prepare("SELECT uid, category FROM articles ORDER BY uid")
        .all();
      expect(rows).toEqual([
        { uid: "a", category: "realestate" },
        { uid: "b", category: "arts" },
        { uid: "c", category: "local" },
      ]);
    } finally {
      await store.close();
    }
  });
});

describe("migration 0011 on PostgreSQL", () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(() => postgres?.stop());

  /** A new database as the code before 0011 made it, holding STORIES; its URL and rows then. */
  async function before(): Promise<{
    url: string;
    rows: Record<string, Record<string, unknown>[]>;
  }> {
    const url = postgres.createDatabase();
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    });
    try {
      await migrateTo(db, BEFORE);
    } finally {
      await db.destroy();
    }
    const rows = await withClient(url, async (client) => {
      await client.query("INSERT INTO feeds (id, url) VALUES (1, 'https://feeds.example.org/a')");
      for (const story of STORIES) {
        const columns = Object.keys(story);
        await client.query(
          `INSERT INTO articles (${columns.join(", ")})
            VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
          Object.values(story),
        );
      }
      return postgresRows(client);
    });
    return { url, rows };
  }

  it("rewrites every stored label to its key, keeps any other value and everything else", async () => {
    const { url, rows } = await before();
    expect(categoriesOf(rows.articles)).toEqual(REWRITTEN.map(([label]) => label));
    const store = await openPostgres(url);
    await store.close();
    const after = await withClient(url, postgresRows);
    expect(categoriesOf(after.articles)).toEqual(REWRITTEN.map(([, key]) => key));
    expect(withoutCategories(after)).toEqual(withoutCategories(rows));
  });

  it("changes nothing when it runs again", async () => {
    const { url } = await before();
    let store: Store | undefined = await openPostgres(url);
    try {
      const once = await withClient(url, postgresRows);
      expect(categoriesOf(once.articles)).toEqual(REWRITTEN.map(([, key]) => key));
      await runAgain(store);
      await store.close();
      store = undefined;
      expect(await withClient(url, postgresRows)).toEqual(once);
    } finally {
      await store?.close();
    }
  });

  it("rewrites the labels of a database made at 701c950 (tests/fixtures/databases)", async () => {
    const url = postgres.createDatabase();
    await withClient(url, (client) => client.query(databaseFixture("postgres-rows")));
    await (await openPostgres(url)).close();
    const { rows } = await withClient(url, (client) =>
      client.query("SELECT uid, category FROM articles ORDER BY id"),
    );
    expect(rows).toEqual([
      { uid: "https://news.example.org/cafe", category: "local" },
      { uid: "guid-42", category: "local" },
      { uid: "world-7", category: "realestate" },
    ]);
  });
});
