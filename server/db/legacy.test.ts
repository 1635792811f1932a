import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { MessageStore } from "../messages/store";
import { senderSecretFile } from "../messages/sender-key";
import { adoptLegacyFiles, claimLegacyMessages, legacyCity } from "./legacy";
import { makeLegacySqlite } from "../../tests/support/databases";
import { openSqlite } from "../../tests/support/db";
import { networkDatabaseFile, openDatabase, type Db } from "./open";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "legacy-"));
  dirs.push(dir);
  return dir;
}

const KEY = (c: string) => c.repeat(64);

/**
 * A DATA_DIR as one city's process left it: `<city>.db` at migration 7, holding a feed and a
 * message, and the city's two generated keys. The message is written to the WAL only (as a
 * running process leaves it before a checkpoint): the database and its WAL are copied while the
 * writer is still open, so losing the WAL would lose the message.
 */
function legacyDataDir(city = "houston"): string {
  const dataDir = scratch();
  const source = path.join(scratch(), "live.db");
  const live = new Database(source);
  live.pragma("journal_mode = WAL");
  makeLegacySqlite(live, 7);
  live.pragma("wal_checkpoint(TRUNCATE)");
  live.pragma("wal_autocheckpoint = 0");
  live.exec("INSERT INTO feeds (key, url) VALUES ('local', 'https://feeds.example.org/local')");
  live
    .prepare(
      "INSERT INTO messages (name, email, subject, message, sender, created_at) VALUES ('Ana', 'ana@example.org', 'Pothole', 'On Main', '', 1)",
    )
    .run();
  const target = path.join(dataDir, `${city}.db`);
  copyFileSync(source, target);
  copyFileSync(`${source}-wal`, `${target}-wal`);
  live.close();
  writeFileSync(path.join(dataDir, `${city}.contact-key`), `${KEY("c")}\n`);
  writeFileSync(path.join(dataDir, `${city}.image-key`), `${KEY("i")}\n`);
  return dataDir;
}

describe("adoptLegacyFiles", () => {
  it("renames the city's database, its WAL and its keys to the network's, losing nothing", async () => {
    const dataDir = legacyDataDir("houston");
    expect(adoptLegacyFiles(dataDir, "houston")).toBe(true);
    for (const old of [
      "houston.db",
      "houston.db-wal",
      "houston.contact-key",
      "houston.image-key",
    ]) {
      expect(existsSync(path.join(dataDir, old)), old).toBe(false);
    }
    expect(readFileSync(senderSecretFile(dataDir), "utf8")).toBe(`${KEY("c")}\n`);
    expect(readFileSync(path.join(dataDir, "network.image-key"), "utf8")).toBe(`${KEY("i")}\n`);
    const db = await openSqlite(networkDatabaseFile(dataDir));
    try {
      // The message lived in the WAL only: it came along.
      expect(db.prepare("SELECT site, subject FROM messages").all()).toEqual([
        { site: "", subject: "Pothole" },
      ]);
      expect(db.prepare("SELECT url FROM feeds").all()).toEqual([
        { url: "https://feeds.example.org/local" },
      ]);
    } finally {
      db.close();
    }
  });

  it("then gives the city the messages stored before they named one, and only those", async () => {
    const dataDir = legacyDataDir("houston");
    adoptLegacyFiles(dataDir, "houston");
    const opened = await openDatabase(networkDatabaseFile(dataDir), { synchronous: "FULL" });
    const db = opened.sqlite as Db;
    try {
      const store = new MessageStore(opened, { secret: KEY("c") });
      await store.submit(
        "anchorage",
        { name: "Bo", email: "bo@example.org", subject: "Ferry", message: "Late" },
        "203.0.113.9",
      );
      expect(claimLegacyMessages(db, "houston")).toBe(1);
      expect((await store.list(100, "houston")).map((m) => m.subject)).toEqual(["Pothole"]);
      expect((await store.list(100, "anchorage")).map((m) => m.subject)).toEqual(["Ferry"]);
      // Claimed once: nothing is left to claim.
      expect(claimLegacyMessages(db, "houston")).toBe(0);
    } finally {
      db.close();
    }
  });

  it("adopts nothing when the network's database exists already", async () => {
    const dataDir = legacyDataDir("houston");
    (await openSqlite(networkDatabaseFile(dataDir))).close();
    expect(adoptLegacyFiles(dataDir, "houston")).toBe(false);
    for (const old of ["houston.db", "houston.contact-key", "houston.image-key"]) {
      expect(existsSync(path.join(dataDir, old)), old).toBe(true);
    }
    expect(existsSync(senderSecretFile(dataDir))).toBe(false);
  });

  it("adopts nothing when the city never had a database (a new DATA_DIR, or another city's)", async () => {
    expect(adoptLegacyFiles(scratch(), "houston")).toBe(false);
    const dataDir = legacyDataDir("houston");
    expect(adoptLegacyFiles(dataDir, "anchorage")).toBe(false);
    expect(existsSync(networkDatabaseFile(dataDir))).toBe(false);
    expect(existsSync(path.join(dataDir, "houston.db"))).toBe(true);
  });

  it("keeps a network key that exists already rather than replacing it", async () => {
    const dataDir = legacyDataDir("houston");
    writeFileSync(senderSecretFile(dataDir), `${KEY("n")}\n`);
    expect(adoptLegacyFiles(dataDir, "houston")).toBe(true);
    expect(readFileSync(senderSecretFile(dataDir), "utf8")).toBe(`${KEY("n")}\n`);
    expect(readFileSync(path.join(dataDir, "network.image-key"), "utf8")).toBe(`${KEY("i")}\n`);
  });
});

describe("legacyCity", () => {
  it("picks DEFAULT_SITE's database, else the one served city's, and never guesses among several", async () => {
    const one = legacyDataDir("houston");
    expect(legacyCity(one, ["anchorage", "houston"])).toEqual({ city: "houston", ambiguous: [] });
    const two = legacyDataDir("houston");
    writeFileSync(path.join(two, "anchorage.db"), "");
    expect(legacyCity(two, ["anchorage", "houston"])).toEqual({
      ambiguous: ["anchorage", "houston"],
    });
    expect(legacyCity(two, ["anchorage", "houston"], "houston")).toEqual({
      city: "houston",
      ambiguous: [],
    });
    // A database of a city this process does not serve is left alone.
    expect(legacyCity(one, ["anchorage"])).toEqual({ ambiguous: [] });
    // Once the network's database exists there is nothing to adopt.
    writeFileSync(networkDatabaseFile(one), "");
    expect(legacyCity(one, ["houston"], "houston")).toEqual({ ambiguous: [] });
  });
});
