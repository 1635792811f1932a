import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  databaseFixture,
  keptRows,
  migrationsSinceFixtures,
  postgresRows,
  postgresSchema,
  withCategoryKeys,
  withClient,
} from "../../tests/support/databases";
import { startPostgres, type TestPostgres } from "../../tests/support/postgres";
import { MIGRATIONS } from "./migrations";
import { LEGACY_SCHEMA_VERSION } from "./legacy-schema";
import { openDatabase, switchToWal, type Store } from "./open";
import { openPostgres } from "./postgres";

/** Opens the database at `where` in a process of its own; resolves with what it printed. */
function openElsewhere(where: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/open-database.ts", where],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

const NAMES = Object.keys(MIGRATIONS);

async function recorded(store: Store): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`SELECT name FROM kysely_migration ORDER BY name`.execute(store.db);
  return rows.map((r) => r.name);
}

describe("db/migrations", () => {
  it("lists every file of the folder, in order, each named by its number", () => {
    const files = readdirSync(path.join(import.meta.dirname, "migrations"))
      .filter((f) => f !== "index.ts" && !f.endsWith(".test.ts"))
      .map((f) => f.replace(/\.ts$/, ""))
      .sort();
    expect(NAMES).toEqual(files);
    for (const name of NAMES) expect(name).toMatch(/^\d{4}_[a-z0-9_]+$/);
  });
});

describe("migrations on SQLite", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "migrate-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("bring a new database to the legacy schema, then record the folder's migrations", async () => {
    const store = await openDatabase(path.join(dir, "new.db"));
    try {
      expect(store.sqlite?.pragma("user_version", { simple: true })).toBe(LEGACY_SCHEMA_VERSION);
      expect(await recorded(store)).toEqual(NAMES);
    } finally {
      await store.close();
    }
  });

  it("run once when two processes open a new database together: one migrates, the other waits", async () => {
    const file = path.join(dir, "raced.db");
    const [a, b] = await Promise.all([openElsewhere(file), openElsewhere(file)]);
    expect([a.code, b.code], a.err + b.err).toEqual([0, 0]);
    expect(a.out).toBe(NAMES.map((n) => `${n}\n`).join(""));
    expect(b.out).toBe(a.out);
    const store = await openDatabase(file);
    try {
      expect(await recorded(store)).toEqual(NAMES);
      expect(store.sqlite?.pragma("user_version", { simple: true })).toBe(LEGACY_SCHEMA_VERSION);
    } finally {
      await store.close();
    }
  }, 30_000);

  // What that race met now and then: the second process asked for WAL while the first held the
  // file's reserved lock, and SQLite answered SQLITE_BUSY without waiting (it could deadlock).
  it("waits for a lock held on a new file before switching it to WAL, then migrates", async () => {
    const file = path.join(dir, "held.db");
    const other = new Database(file);
    other.exec("BEGIN IMMEDIATE");
    other.exec("CREATE TABLE held (x)");
    // Alone, the switch meets the lock at once: the busy handler is not called.
    const alone = new Database(file, { timeout: 1000 });
    const started = Date.now();
    expect(() => alone.pragma("journal_mode = WAL")).toThrow(/locked/);
    expect(Date.now() - started).toBeLessThan(900);
    alone.close();
    const opening = openDatabase(file);
    await new Promise((resolve) => setTimeout(resolve, 50));
    other.exec("COMMIT");
    other.close();
    const store = await opening;
    try {
      expect(store.sqlite?.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(await recorded(store)).toEqual(NAMES);
    } finally {
      await store.close();
    }
  });

  it("gives up on a lock still held after the wait, with SQLite's own error", async () => {
    const file = path.join(dir, "kept.db");
    const other = new Database(file);
    other.exec("BEGIN IMMEDIATE");
    other.exec("CREATE TABLE kept (x)");
    const raw = new Database(file);
    try {
      await expect(switchToWal(raw, 30)).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    } finally {
      raw.close();
      other.exec("ROLLBACK");
      other.close();
    }
  });
});

describe("migrations on PostgreSQL", () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(() => postgres?.stop());

  it("make the schema, as a database owner that is no superuser", async () => {
    const store = await openPostgres(postgres.createDatabase());
    try {
      expect(await recorded(store)).toEqual(NAMES);
      const { rows } = await sql<{ table_name: string }>`SELECT table_name FROM
        information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(
        store.db,
      );
      expect(rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(["articles", "feeds", "messages"]),
      );
      // Diacritics folded, words stemmed in the story's language, English when it has none
      // (0006), stop words kept: as SQLite's porter tokenizer over unicode61.
      const stemmed = await sql<{ en: string; de: string; config: string }>`SELECT
          to_tsvector(search_config(NULL), 'Café Déjà flooding the')::text AS en,
          to_tsvector(search_config('de-DE'), 'Überschwemmungen der Häuser')::text AS de,
          search_config('nb')::text AS config`.execute(store.db);
      expect(stemmed.rows[0]).toEqual({
        en: "'cafe':1 'deja':2 'flood':3 'the':4",
        de: "'der':2 'haus':3 'uberschwemm':1",
        config: "search_no",
      });
    } finally {
      await store.close();
    }
  });

  it("commit synchronously on every connection, whatever the database's default", async () => {
    const url = postgres.createDatabase();
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    try {
      await admin.query(
        `ALTER DATABASE ${pg.escapeIdentifier(new URL(url).pathname.slice(1))} SET synchronous_commit = off`,
      );
    } finally {
      await admin.end();
    }
    const store = await openPostgres(url, { poolSize: 3 });
    try {
      // Several connections of the pool at once: each one's setting.
      const settings = await Promise.all(
        [1, 2, 3].map(() =>
          store.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{
              synchronous_commit: string;
            }>`SHOW synchronous_commit`.execute(trx);
            return rows[0]?.synchronous_commit;
          }),
        ),
      );
      expect(settings).toEqual(["on", "on", "on"]);
    } finally {
      await store.close();
    }
  });

  it("run once when two instances start together on a new database (the Migrator's lock)", async () => {
    const url = postgres.createDatabase();
    const [a, b] = await Promise.all([openElsewhere(url), openElsewhere(url)]);
    expect([a.code, b.code], a.err + b.err).toEqual([0, 0]);
    expect(a.out).toBe(NAMES.map((n) => `${n}\n`).join(""));
    expect(b.out).toBe(a.out);
  }, 30_000);

  it("upgrade a database made at 701c950 in place: every row kept, nothing run again, the migrations since run once, a new database's schema", async () => {
    const url = postgres.createDatabase();
    // Loaded as the database's owner, the role that made it.
    const rows = await withClient(url, async (client) => {
      await client.query(databaseFixture("postgres-rows"));
      return postgresRows(client);
    });
    for (const [table, held] of Object.entries(rows)) expect(held.length, table).toBeGreaterThan(0);
    const since = migrationsSinceFixtures(NAMES);
    expect(rows.kysely_migration?.map((m) => m.name)).toEqual(
      NAMES.filter((name) => !since.includes(name)),
    );
    const store = await openPostgres(url);
    try {
      // The record of migrations included: their times say none ran again; later ones ran once.
      // The search column is made anew by 0006 (search.test.ts reads it).
      const withoutSearch = (all: Record<string, Record<string, unknown>[]>) => ({
        ...all,
        articles: all.articles?.map(({ search: _, ...article }) => article) ?? [],
      });
      const after = await withClient(url, postgresRows);
      // Each article's category its key since 0011 (category-keys.test.ts).
      expect(keptRows(withoutSearch(rows), withoutSearch(after))).toEqual(
        withCategoryKeys(withoutSearch(rows)),
      );
      expect(after.kysely_migration?.map((m) => m.name)).toEqual(NAMES);
      // An identity goes on after the rows it numbered (the fixture's feeds are 1 to 3).
      const added = await store.db
        .insertInto("feeds")
        .values({ url: "https://feeds.example.org/new" })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(added.id).toBe(4);
    } finally {
      await store.close();
    }
    const fresh = postgres.createDatabase();
    await (await openPostgres(fresh)).close();
    expect(await withClient(url, postgresSchema)).toEqual(await withClient(fresh, postgresSchema));
  });
});
