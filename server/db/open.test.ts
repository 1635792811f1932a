import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MIGRATIONS, openDatabase } from "./open";

describe("migration 7: categories as the category table labels them", () => {
  it("renames the stored articles' Realestate and Arts, and leaves the others", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "migration-7-"));
    try {
      const file = path.join(dir, "old.db");
      const old = new Database(file);
      old.exec(MIGRATIONS.slice(0, 6).join(";\n"));
      old.pragma("user_version = 6");
      old.exec("INSERT INTO feeds (key, url) VALUES ('realestate', 'https://feeds.example.org/r')");
      const insert = old.prepare(`INSERT INTO articles (feed_id, uid, title, summary, url, image,
        image_is_default, published_at, category, position, first_seen, last_seen)
        VALUES (1, ?, 'A story', '', 'https://news.example.org/a', '/d.svg', 1, 0, ?, 0, 0, 0)`);
      for (const [uid, category] of [
        ["a", "Realestate"],
        ["b", "Arts"],
        ["c", "Local"],
      ]) {
        insert.run(uid, category);
      }
      old.close();
      const db = openDatabase(file);
      const rows = db.prepare("SELECT uid, category FROM articles ORDER BY uid").all();
      expect(rows).toEqual([
        { uid: "a", category: "Real Estate" },
        { uid: "b", category: "Arts & Culture" },
        { uid: "c", category: "Local" },
      ]);
      expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
