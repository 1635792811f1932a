import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { makeLegacySqlite, makeLegacyStories } from "../../tests/support/databases";
import { openSqlite, openSqliteAt } from "../../tests/support/db";
import { describe, expect, it } from "vitest";
import { LEGACY_SCHEMA_VERSION } from "./legacy-schema";
import { networkDatabaseFile } from "./open";

describe("migration 7: categories as the category table labels them", () => {
  it("renames the stored articles' Realestate and Arts, and leaves the others", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "migration-7-"));
    try {
      const file = path.join(dir, "old.db");
      const old = new Database(file);
      makeLegacyStories(old);
      old.close();
      // As the migrations before 0011 left it: 0011 stores keys (category-keys.test.ts).
      const db = await openSqliteAt(file, "0010_briefing");
      const rows = db.prepare("SELECT uid, category FROM articles ORDER BY uid").all();
      expect(rows).toEqual([
        { uid: "a", category: "Real Estate" },
        { uid: "b", category: "Arts & Culture" },
        { uid: "c", category: "Local" },
      ]);
      expect(db.pragma("user_version", { simple: true })).toBe(LEGACY_SCHEMA_VERSION);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("migration 8: one feed per URL, messages naming their city", () => {
  /** A database as the last release of one city per process left it (seven migrations). */
  function version7(file: string): void {
    const old = new Database(file);
    makeLegacySqlite(old, 7);
    // One URL listed under two categories (two rows then), and another feed.
    old.exec(`INSERT INTO feeds (id, key, url, etag, last_success, consecutive_failures, next_attempt)
      VALUES (1, 'local', 'https://feeds.example.org/a', '"e1"', 1000, 0, 5000),
             (2, 'national', 'https://feeds.example.org/a', '"e2"', 2000, 3, 9000),
             (3, 'world', 'https://feeds.example.org/b', NULL, NULL, 0, NULL)`);
    const insert = old.prepare(`INSERT INTO articles (feed_id, uid, title, summary, url, image,
      image_is_default, published_at, category, position, first_seen, last_seen)
      VALUES (?, ?, ?, '', ?, '/d.svg', 1, 0, ?, 0, 0, 0)`);
    for (const [feed, uid, title, category] of [
      [1, "a", "Levee repairs begin", "Local"],
      [1, "b", "Port expansion approved", "Local"],
      [2, "b", "Duplicate copy of the port story", "National"],
      [2, "c", "Ferry schedule changes", "National"],
      [3, "d", "Storm season outlook", "World"],
    ] as const) {
      insert.run(feed, uid, title, `https://news.example.org/${uid}`, category);
    }
    old
      .prepare(
        "INSERT INTO messages (name, email, subject, message, sender, created_at) VALUES ('A', 'a@b.co', 'S', 'M', 'k', 1)",
      )
      .run();
    old.close();
  }

  it("merges the copies of a URL into the oldest, keeping its state and every article once", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "migration-8-"));
    try {
      const file = path.join(dir, "houston.db");
      version7(file);
      const db = await openSqlite(file);
      expect(db.pragma("user_version", { simple: true })).toBe(LEGACY_SCHEMA_VERSION);
      expect(
        db
          .prepare(
            "SELECT id, url, etag, last_success AS lastSuccess, consecutive_failures AS failures, next_attempt AS next, title, interval_ms AS interval FROM feeds ORDER BY id",
          )
          .all(),
      ).toEqual([
        {
          id: 1,
          url: "https://feeds.example.org/a",
          etag: '"e1"',
          lastSuccess: 1000,
          failures: 0,
          next: 5000,
          title: null,
          interval: null,
        },
        {
          id: 3,
          url: "https://feeds.example.org/b",
          etag: null,
          lastSuccess: null,
          failures: 0,
          next: null,
          title: null,
          interval: null,
        },
      ]);
      // The copy's article the oldest already had is dropped; its own one moves to the oldest.
      expect(
        db.prepare("SELECT feed_id AS feed, uid, title FROM articles ORDER BY uid").all(),
      ).toEqual([
        { feed: 1, uid: "a", title: "Levee repairs begin" },
        { feed: 1, uid: "b", title: "Port expansion approved" },
        { feed: 1, uid: "c", title: "Ferry schedule changes" },
        { feed: 3, uid: "d", title: "Storm season outlook" },
      ]);
      // The search index follows, references hold, and a URL cannot be stored twice again.
      const found = (word: string) =>
        db.prepare("SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?").all(word).length;
      expect([found("ferry"), found("duplicate"), found("port")]).toEqual([1, 0, 1]);
      expect(() =>
        db.exec("INSERT INTO articles_fts (articles_fts) VALUES ('integrity-check')"),
      ).not.toThrow();
      expect(db.pragma("foreign_key_check")).toEqual([]);
      expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
      expect(() =>
        db.exec("INSERT INTO feeds (url) VALUES ('https://feeds.example.org/a')"),
      ).toThrow(/UNIQUE/);
      // Deleting a feed still takes its articles with it.
      db.exec("DELETE FROM feeds WHERE id = 3");
      expect(db.prepare("SELECT COUNT(*) AS n FROM articles").get()).toEqual({ n: 3 });
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives the messages stored before it no city yet, and indexes them by city and sender", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "migration-8-"));
    try {
      const file = path.join(dir, "houston.db");
      version7(file);
      const db = await openSqlite(file);
      expect(db.prepare("SELECT site, subject, sender FROM messages").all()).toEqual([
        { site: "", subject: "S", sender: "k" },
      ]);
      const indexes = (
        db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages'")
          .all() as {
          name: string;
        }[]
      ).map((i) => i.name);
      expect(indexes).toEqual(["messages_by_site_sender"]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs once: opening a migrated database again changes nothing", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "migration-8-"));
    try {
      const file = path.join(dir, "houston.db");
      version7(file);
      (await openSqlite(file)).close();
      const db = await openSqlite(file);
      expect(db.prepare("SELECT COUNT(*) AS n FROM feeds").get()).toEqual({ n: 2 });
      expect(db.prepare("SELECT COUNT(*) AS n FROM articles").get()).toEqual({ n: 4 });
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("networkDatabaseFile", () => {
  it("is network.db in DATA_DIR, whatever the cities", async () => {
    expect(networkDatabaseFile("/var/lib/news")).toBe(path.join("/var/lib/news", "network.db"));
  });
});
