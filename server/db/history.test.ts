import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  databaseFixture,
  keptRows,
  makeLegacySqlite,
  migrationsSinceFixtures,
  sqliteRows,
  sqliteSchema,
  withCategoryKeys,
  type LegacyVersion,
  type SqliteSchema,
} from "../../tests/support/databases";
import { MIGRATIONS } from "./migrations";
import { openDatabase, type Db } from "./open";

/** The schema of a database the code opens new. */
async function newSchema(): Promise<SqliteSchema> {
  const store = await openDatabase(":memory:");
  try {
    return sqliteSchema(store.sqlite as Db);
  } finally {
    await store.close();
  }
}

describe("one schema history on SQLite", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "history-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A database file of the scratch folder, made by `make` and closed. */
  function fromFixture(name: string, make: (db: Db) => void): string {
    const file = path.join(dir, `${name}.db`);
    const db = new Database(file);
    make(db);
    db.close();
    return file;
  }

  it("gives a new database the tables, columns, indexes and triggers one had at 701c950, and those of the migrations since", async () => {
    const then = new Database(":memory:");
    then.exec(databaseFixture("sqlite-schema"));
    const expected = sqliteSchema(then);
    then.close();
    // What is compared: every table (FTS5's own among them), index and trigger.
    expect(expected.objects.map((o) => `${o.type} ${o.name}`)).toEqual(
      expect.arrayContaining([
        "table articles_fts",
        "table articles_fts_data",
        "table weather_documents",
        "index articles_newest",
        "trigger articles_fts_update",
      ]),
    );
    // Its search index did not stem words; migration 0006 makes it again with porter's stemmer.
    const tokenizer = (schema: typeof expected) =>
      schema.objects.find((o) => o.name === "articles_fts")?.sql?.match(/tokenize = '[^']*'/)?.[0];
    expect(tokenizer(expected)).toBe("tokenize = 'unicode61 remove_diacritics 2'");
    expect(tokenizer(await newSchema())).toBe("tokenize = 'porter unicode61 remove_diacritics 2'");
    // The migrations written since then, run on it, make it a new database's schema (it is
    // told which had run then: the record of the database with rows of the same commit).
    const record = new Database(":memory:");
    record.exec(databaseFixture("sqlite-rows"));
    const ran = record.prepare("SELECT name, timestamp FROM kysely_migration").all();
    record.close();
    const file = fromFixture("sqlite-schema", (db) => {
      db.exec(databaseFixture("sqlite-schema"));
      const insert = db.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)");
      for (const row of ran as { name: string; timestamp: string }[])
        insert.run(row.name, row.timestamp);
    });
    const store = await openDatabase(file);
    try {
      expect(sqliteSchema(store.sqlite as Db)).toEqual(await newSchema());
    } finally {
      await store.close();
    }
  });

  it("opens a database made at 701c950 in place: every row kept, nothing run again, the migrations since run once, a new database's schema", async () => {
    const file = fromFixture("sqlite-rows", (db) => db.exec(databaseFixture("sqlite-rows")));
    const before = new Database(file, { readonly: true });
    const rows = sqliteRows(before);
    before.close();
    for (const [table, held] of Object.entries(rows)) expect(held.length, table).toBeGreaterThan(0);
    const names = Object.keys(MIGRATIONS);
    const since = migrationsSinceFixtures(names);
    expect(rows.kysely_migration?.map((m) => m.name)).toEqual(
      names.filter((name) => !since.includes(name)),
    );

    const store = await openDatabase(file);
    try {
      const db = store.sqlite as Db;
      // The record of migrations included: their times say none ran again; later ones ran once.
      const after = sqliteRows(db);
      // Each article's category its key since 0011 (category-keys.test.ts).
      expect(keptRows(rows, after)).toEqual(withCategoryKeys(rows));
      expect(after.kysely_migration?.map((m) => m.name)).toEqual(Object.keys(MIGRATIONS));
      expect(sqliteSchema(db)).toEqual(await newSchema());
      const found = (word: string) =>
        db.prepare("SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?").pluck().all(word);
      expect([found("cafe"), found("region"), found("ferry")]).toEqual([[1], [3], [2]]);
      // Its articles indexed again by 0006: by stem.
      expect([found("reopening"), found("changed"), found("ferries")]).toEqual([[1], [2], [2]]);
      expect(() =>
        db.exec("INSERT INTO articles_fts (articles_fts) VALUES ('integrity-check')"),
      ).not.toThrow();
    } finally {
      await store.close();
    }
  });

  it.each([4, 5, 6, 7] as LegacyVersion[])(
    "brings a database of one city at user_version %i to a new database's schema",
    async (version) => {
      const file = fromFixture(`legacy-${version}`, (db) => makeLegacySqlite(db, version));
      const store = await openDatabase(file);
      try {
        expect(sqliteSchema(store.sqlite as Db)).toEqual(await newSchema());
      } finally {
        await store.close();
      }
    },
  );
});
