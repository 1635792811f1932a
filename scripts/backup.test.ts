import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import {
  BackupError,
  backupDatabase,
  restoreDatabase,
  safetyCopyName,
  siteDatabaseProblem,
} from "../server/db/backup";
import { networkDatabaseFile, openDatabase, type Store } from "../server/db/open";

const ROOT = path.resolve(import.meta.dirname, "..");
const root = mkdtempSync(path.join(os.tmpdir(), "backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirs = 0;
/** A fresh DATA_DIR with the site's database (migrated, as the server opens it). */
async function siteData(): Promise<{
  dir: string;
  file: string;
  store: Store;
  raw: Database.Database;
}> {
  const dir = path.join(root, `data-${++dirs}`);
  const file = networkDatabaseFile(dir);
  const store = await openDatabase(file);
  if (!store.sqlite) throw new Error("SQLite expected");
  return { dir, file, store, raw: store.sqlite };
}

const insertMessage = (db: Database.Database, n: number) =>
  db
    .prepare(
      "INSERT INTO messages (site, name, email, subject, message, sender, created_at) VALUES ('testville', ?, 'a@example.com', 'x', ?, 's', ?)",
    )
    .run(`reader ${n}`, "m".repeat(500), n);

const countMessages = (file: string) => {
  const db = new Database(file, { readonly: true });
  const { n } = db.prepare("SELECT count(*) AS n FROM messages").get() as { n: number };
  db.close();
  return n;
};

const run = (script: string, env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });

describe("backupDatabase", () => {
  it("copies the database consistently while another connection writes in a loop", async () => {
    const site = await siteData();
    for (let n = 0; n < 2_000; n++) insertMessage(site.raw, n);
    // The site's writer: two messages per transaction, so a torn copy would hold an odd count.
    const writer = new Database(site.file);
    const pair = writer.transaction((n: number) => {
      insertMessage(writer, n);
      insertMessage(writer, n + 1);
    });
    let writing = true;
    let n = 10_000;
    const loop = async () => {
      while (writing) {
        pair(n);
        n += 2;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const written = loop();
    const target = path.join(root, "consistent.db");
    await backupDatabase(site.file, target);
    writing = false;
    await written;
    const copied = countMessages(target);
    expect(copied % 2).toBe(0);
    expect(copied).toBeGreaterThanOrEqual(2_000);
    expect(copied).toBeLessThanOrEqual(countMessages(site.file));
    expect(siteDatabaseProblem(target)).toBeUndefined();
    expect(statSync(target).mode & 0o777).toBe(0o600);
    writer.close();
    await site.store.close();
  });

  it("refuses to replace a file unless forced, and leaves it as it was", async () => {
    const site = await siteData();
    const target = path.join(root, "taken.db");
    writeFileSync(target, "keep me");
    await expect(backupDatabase(site.file, target)).rejects.toThrow(/exists.*--force/);
    expect(statSync(target).size).toBe(7);
    await backupDatabase(site.file, target, { force: true });
    expect(siteDatabaseProblem(target)).toBeUndefined();
    await site.store.close();
  });

  it("says so when there is no database", async () => {
    await expect(
      backupDatabase(path.join(root, "none.db"), path.join(root, "x.db")),
    ).rejects.toThrow(BackupError);
  });
});

describe("restoreDatabase", () => {
  it("puts a backup back, keeps the database it replaces and removes its stale WAL", async () => {
    const site = await siteData();
    for (let n = 0; n < 10; n++) insertMessage(site.raw, n);
    const backup = path.join(root, "ten.db");
    await backupDatabase(site.file, backup);
    site.raw.exec("DELETE FROM messages WHERE created_at >= 5");
    await site.store.close();
    const now = new Date("2026-11-27T19:00:00.123Z");
    const safety = await restoreDatabase(backup, site.file, now);
    expect(existsSync(`${site.file}-wal`)).toBe(false);
    expect(safety).toBe(`${site.file}.bak-2026-11-27T19-00-00Z`);
    expect(safety).toBe(safetyCopyName(site.file, now));
    expect(countMessages(safety ?? "")).toBe(5);
    expect(countMessages(site.file)).toBe(10);
    expect(readdirSync(site.dir).filter((name) => name.endsWith(".restoring"))).toEqual([]);
    // The server opens it again as ever.
    const reopened = await openDatabase(site.file);
    await reopened.close();
  });

  it("refuses while the site has the database open", async () => {
    const site = await siteData();
    const backup = path.join(root, "while-open.db");
    await backupDatabase(site.file, backup);
    await expect(restoreDatabase(backup, site.file)).rejects.toThrow(/stop the site/);
    expect(readdirSync(site.dir).filter((name) => name.includes(".bak-"))).toEqual([]);
    await site.store.close();
  });

  it.each([
    ["a file that is not SQLite", (file: string) => writeFileSync(file, "not a database at all")],
    [
      "a SQLite database of something else",
      (file: string) => {
        const db = new Database(file);
        db.exec("CREATE TABLE other (x)");
        db.close();
      },
    ],
  ])("refuses %s, and leaves the database alone", async (_, make) => {
    const site = await siteData();
    insertMessage(site.raw, 1);
    await site.store.close();
    const file = path.join(root, `bad-${dirs}.db`);
    make(file);
    await expect(restoreDatabase(file, site.file)).rejects.toThrow(BackupError);
    expect(countMessages(site.file)).toBe(1);
  });
});

// Each run starts a process through tsx (a second or more on a busy 2-core machine).
describe("npm run backup and npm run restore", { timeout: 60_000 }, () => {
  it("back up DATA_DIR's database and put it back", async () => {
    const site = await siteData();
    insertMessage(site.raw, 1);
    const file = path.join(root, "cli.db");
    const backedUp = run("backup", { DATA_DIR: site.dir }, file);
    expect(backedUp.stderr).toBe("");
    expect(backedUp.status).toBe(0);
    expect(run("backup", { DATA_DIR: site.dir }, file).stderr).toContain("--force");
    site.raw.exec("DELETE FROM messages");
    expect(run("restore", { DATA_DIR: site.dir }, file).stderr).toContain("stop the site");
    await site.store.close();
    const restored = run("restore", { DATA_DIR: site.dir }, file);
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(".bak-");
    expect(countMessages(site.file)).toBe(1);
  });

  it.each(["backup", "restore"])(
    "%s refuses on PostgreSQL, naming pg_dump or pg_restore",
    (script) => {
      const result = run(
        script,
        {
          DATABASE_URL: "postgres://site@127.0.0.1:1/none",
          IMAGE_KEY_SECRET: "k".repeat(32),
          CONTACT_KEY_SECRET: "c".repeat(32),
        },
        path.join(root, "pg.db"),
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(script === "backup" ? /pg_dump/ : /pg_restore/);
    },
  );
});
