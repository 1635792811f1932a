import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import Database from "better-sqlite3";
import { siteElsewhere } from "../tests/support/lock-holder";
import { afterAll, describe, expect, it } from "vitest";
import {
  BackupError,
  backupDatabase,
  restoreDatabase,
  safetyCopyName,
  schemaProblem,
  siteDatabaseProblem,
} from "../server/db/backup";
import { networkDatabaseFile, openDatabase, type Store } from "../server/db/open";
import { databaseFixture, makeLegacySqlite } from "../tests/support/databases";
import { freePort } from "../tests/support/ports";
import { siteProcessEnv } from "../tests/support/site-process";

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

/** What a folder holds: each file's name, size and a hash of its bytes. */
const contents = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((name) => {
      const bytes = readFileSync(path.join(dir, name));
      return `${name} ${bytes.length} ${createHash("sha256").update(bytes).digest("hex")}`;
    });

/** A fresh folder for backups. */
const backupsFolder = () => {
  const dir = path.join(root, `backups-${++dirs}`);
  mkdirSync(dir);
  return dir;
};

/** What a failed CLI run printed: one line, no stack trace. */
const oneLine = (stderr: string) => {
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return stderr.trim();
};

/** Sites started by siteOn and not yet stopped: ended (SIGKILL) after the tests, whatever failed. */
const sites = new Set<ChildProcess>();
afterAll(() => {
  for (const child of sites) child.kill("SIGKILL");
});

/**
 * The site itself (server/index.ts through tsx, its main() as `npm run dev` runs it) in a process
 * of its own on `dataDir`, once it logs that it listens: DATA_DIR's lock taken, its database
 * open. Development mode, because production's needs the build, which the unit tests run before
 * (scripts/test-all.sh) and which is this source only once rebuilt; start-up is the same main().
 */
async function siteOn(dataDir: string): Promise<{ stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: {
      ...siteProcessEnv(port, dataDir),
      NODE_ENV: "development",
      // Its "listening" line is at info.
      LOG_LEVEL: "info",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  sites.add(child);
  const exited = once(child, "exit").then(() => sites.delete(child));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  let output = "";
  // Read to its end (a full pipe would stop the site's logging), kept until it listens.
  const keep = (chunk: Buffer) => {
    if (output.length < 200_000) output += chunk.toString();
  };
  child.stderr.on("data", keep);
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        keep(chunk);
        // Development's log lines are pino-pretty's, in colour: "[time] INFO: listening".
        if (/\bINFO: listening$/m.test(stripVTControlCharacters(output))) resolve();
      });
      child.once("exit", (code) => reject(new Error(`the site ended (${code}): ${output}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

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

  it("leaves nothing beside the backup (no NAME.partial-wal or -shm)", async () => {
    const site = await siteData();
    insertMessage(site.raw, 1);
    const folder = backupsFolder();
    await backupDatabase(site.file, path.join(folder, "b.db"));
    expect(readdirSync(folder)).toEqual(["b.db"]);
    // Reading it leaves nothing either: it stands alone (journal mode DELETE, not WAL).
    expect(siteDatabaseProblem(path.join(folder, "b.db"))).toBeUndefined();
    expect(countMessages(path.join(folder, "b.db"))).toBe(1);
    expect(readdirSync(folder)).toEqual(["b.db"]);
    await site.store.close();
  });

  it("names a missing folder to write in", async () => {
    const site = await siteData();
    const missing = path.join(root, "no-such-folder");
    await expect(backupDatabase(site.file, path.join(missing, "b.db"))).rejects.toThrow(
      new BackupError(`No folder ${missing} to write the backup in: make it first`),
    );
    expect(existsSync(missing)).toBe(false);
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

  // The site is a process started through tsx (a second or more on a busy 2-core machine).
  it(
    "refuses while a site in another process uses DATA_DIR, its database idle, and restores once it is gone",
    { timeout: 60_000 },
    async () => {
      const site = await siteData();
      insertMessage(site.raw, 1);
      const backup = path.join(backupsFolder(), "b.db");
      await backupDatabase(site.file, backup);
      await site.store.close();
      const elsewhere = await siteElsewhere(site.dir, { database: true });
      const before = contents(site.dir);
      await expect(restoreDatabase(backup, site.file)).rejects.toThrow(
        new BackupError(
          `The site (or a tool such as npm run briefing) is running on DATA_DIR (${site.dir}): stop it first`,
        ),
      );
      expect(contents(site.dir)).toEqual(before);
      await elsewhere.kill();
      expect(await restoreDatabase(backup, site.file)).toMatch(/\.bak-/);
      expect(countMessages(site.file)).toBe(1);
    },
  );

  it("refuses the backup that is not there, naming it", async () => {
    const site = await siteData();
    await site.store.close();
    const missing = path.join(root, "no-such-backup.db");
    await expect(restoreDatabase(missing, site.file)).rejects.toThrow(
      new BackupError(`No backup at ${missing}`),
    );
  });

  it.each([
    [
      "a trigger that deletes each new message",
      "CREATE TRIGGER forget_messages AFTER INSERT ON messages BEGIN DELETE FROM messages WHERE id = new.id; END",
      "trigger forget_messages",
    ],
    [
      "a trigger of the migrations' name doing something else",
      `DROP TRIGGER articles_fts_insert;
       CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN DELETE FROM messages; END`,
      "trigger articles_fts_insert",
    ],
    ["a view", "CREATE VIEW everyone AS SELECT email FROM messages", "view everyone"],
    ["a table", "CREATE TABLE copied (email TEXT)", "table copied"],
    ["an index", "CREATE INDEX messages_by_email ON messages (email)", "index messages_by_email"],
  ])(
    "refuses a backup with %s, naming it, and leaves DATA_DIR as it was",
    async (_, extra, name) => {
      const site = await siteData();
      insertMessage(site.raw, 1);
      const backup = path.join(backupsFolder(), "b.db");
      await backupDatabase(site.file, backup);
      await site.store.close();
      const db = new Database(backup);
      db.exec(extra);
      db.close();
      const before = contents(site.dir);
      const refused = restoreDatabase(backup, site.file);
      await expect(refused).rejects.toThrow(BackupError);
      await expect(refused).rejects.toThrow(name);
      expect(contents(site.dir)).toEqual(before);
      expect(await schemaProblem(backup)).toContain(name);
    },
  );

  it("takes a backup made by an older release, and one of a database made by the legacy steps", async () => {
    // Made by the code at 701c950, at migration 0005 (tests/fixtures/databases).
    const older = path.join(backupsFolder(), "older.db");
    const db = new Database(older);
    db.exec(databaseFixture("sqlite-rows"));
    db.close();
    expect(siteDatabaseProblem(older)).toBeUndefined();
    expect(await schemaProblem(older)).toBeUndefined();
    // A one-city database of user_version 6, migrated (its triggers laid out otherwise).
    const legacy = path.join(backupsFolder(), "legacy.db");
    const raw = new Database(legacy);
    makeLegacySqlite(raw, 6);
    raw.close();
    const migrated = await openDatabase(legacy);
    await migrated.close();
    expect(await schemaProblem(legacy)).toBeUndefined();
    const site = await siteData();
    await site.store.close();
    await restoreDatabase(older, site.file);
    const reopened = await openDatabase(site.file);
    await reopened.close();
  });

  it("refuses a backup made by a newer release, naming the migration it does not know", async () => {
    const site = await siteData();
    const backup = path.join(backupsFolder(), "newer.db");
    await backupDatabase(site.file, backup);
    await site.store.close();
    const db = new Database(backup);
    db.exec("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_future', 'x')");
    db.close();
    await expect(restoreDatabase(backup, site.file)).rejects.toThrow(/newer release.*9999_future/);
  });

  it("leaves nothing beside a backup it restores, even one in WAL mode", async () => {
    const site = await siteData();
    insertMessage(site.raw, 1);
    await site.store.close();
    const folder = backupsFolder();
    // A copy of a stopped site's database: a file in WAL mode.
    copyFileSync(site.file, path.join(folder, "copied.db"));
    await restoreDatabase(path.join(folder, "copied.db"), site.file);
    expect(readdirSync(folder)).toEqual(["copied.db"]);
    expect(countMessages(site.file)).toBe(1);
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

  it("name a missing backup folder or backup file in one line, with no stack trace", async () => {
    const site = await siteData();
    await site.store.close();
    const missing = path.join(root, "nowhere");
    const backup = run("backup", { DATA_DIR: site.dir }, path.join(missing, "b.db"));
    expect(backup.status).toBe(1);
    expect(oneLine(backup.stderr)).toBe(
      `No folder ${missing} to write the backup in: make it first`,
    );
    const restore = run("restore", { DATA_DIR: site.dir }, path.join(missing, "b.db"));
    expect(restore.status).toBe(1);
    expect(oneLine(restore.stderr)).toBe(`No backup at ${path.join(missing, "b.db")}`);
  });

  it("restore refuses while a site runs on DATA_DIR, in one line", async () => {
    const site = await siteData();
    const file = path.join(backupsFolder(), "b.db");
    await backupDatabase(site.file, file);
    await site.store.close();
    const elsewhere = await siteElsewhere(site.dir, { database: true });
    try {
      const restore = run("restore", { DATA_DIR: site.dir }, file);
      expect(restore.status).toBe(1);
      expect(oneLine(restore.stderr)).toBe(
        `The site (or a tool such as npm run briefing) is running on DATA_DIR (${site.dir}): stop it first`,
      );
    } finally {
      await elsewhere.kill();
    }
  });

  // The site's start-up is a few seconds (Vite's dev server) on a busy 2-core machine.
  it("restore refuses while the site itself runs on DATA_DIR, in one line, DATA_DIR unchanged; once it stops, restores", async () => {
    const site = await siteData();
    insertMessage(site.raw, 1);
    const file = path.join(backupsFolder(), "b.db");
    await backupDatabase(site.file, file);
    // The database the site runs on: without the backup's message.
    site.raw.exec("DELETE FROM messages");
    await site.store.close();
    const running = await siteOn(site.dir);
    try {
      const names = readdirSync(site.dir).sort();
      const database = statSync(site.file).ino;
      const restore = run("restore", { DATA_DIR: site.dir }, file);
      expect(restore.status).toBe(1);
      expect(oneLine(restore.stderr)).toBe(
        `The site (or a tool such as npm run briefing) is running on DATA_DIR (${site.dir}): stop it first`,
      );
      // The site may write to its database meanwhile: the same files, the same database file
      // (not moved aside), no safety copy, and not the backup's message.
      expect(readdirSync(site.dir).sort()).toEqual(names);
      expect(statSync(site.file).ino).toBe(database);
      expect(countMessages(site.file)).toBe(0);
    } finally {
      await running.stop();
    }
    const restored = run("restore", { DATA_DIR: site.dir }, file);
    expect(restored.stderr).toBe("");
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
