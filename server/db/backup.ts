import { chmodSync, existsSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { Migrator, NO_MIGRATIONS } from "kysely/migration";
import { privateDir } from "../settings/private-files";
import { lockDataFolderExclusively } from "./data-lock";
import { MIGRATIONS } from "./migrations";

/**
 * Backups of the network's SQLite database (`npm run backup`, `npm run restore`). A backup is
 * SQLite's online backup (better-sqlite3's `backup()`): a consistent copy while the site reads
 * and writes, the committed rows of its WAL included, then made a file that stands alone (no
 * -wal, no -shm: its journal mode DELETE; the site turns WAL on again as it opens it). A restore
 * needs the site stopped, and checks it is: it takes DATA_DIR's lock (db/data-lock.ts), which every
 * running site holds. It puts back only what the migrations make: see `schemaProblem`.
 * From: https://sqlite.org/backup.html, https://github.com/WiseLibs/better-sqlite3/blob/master/docs/api.md#backupdestination-options---promise
 */

/** Tables every database of this site has (db/schema.ts, and Kysely's record of migrations). */
export const SITE_TABLES = ["feeds", "articles", "messages", "kysely_migration"] as const;

/** A backup or restore that must not go on; its message is for the operator. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** Why `file` is not a sound database of this site, or undefined when it is. */
export function siteDatabaseProblem(file: string): string | undefined {
  if (!existsSync(file)) return `No file at ${file}`;
  if (!statSync(file).isFile()) return `${file} is not a file`;
  let db: Database.Database;
  const tidy = tidyAfterReading(file);
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    tidy();
    return `${file} cannot be opened: ${(error as Error).message}`;
  }
  try {
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok") return `${file} fails SQLite's integrity check: ${String(check)}`;
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    const names = new Set(rows.map((row) => (row as { name: string }).name));
    const missing = SITE_TABLES.filter((name) => !names.has(name));
    if (missing.length > 0) return `${file} is no database of this site: no ${missing.join(", ")}`;
    return undefined;
  } catch (error) {
    // A file that is not SQLite opens lazily and fails at its first read (SQLITE_NOTADB).
    return `${file} is not a SQLite database: ${(error as Error).message}`;
  } finally {
    db.close();
    tidy();
  }
}

/**
 * What a read-only connection to `file` leaves that was not there before it, removed once it is
 * closed: on a database in WAL mode it makes an empty -wal and a -shm, which it cannot remove
 * itself. Only for files no other process has open (a backup being made, a backup to restore).
 */
function tidyAfterReading(file: string): () => void {
  const made = [`${file}-wal`, `${file}-shm`].filter((name) => !existsSync(name));
  return () => {
    const wal = `${file}-wal`;
    if (made.includes(wal) && existsSync(wal) && statSync(wal).size > 0) return;
    for (const name of made) rmSync(name, { force: true });
  };
}

/** An object of sqlite_master: a table, index, view or trigger. */
interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

/** The objects of a database's schema, `type name` each. */
function schemaOf(db: Database.Database): Map<string, SchemaObject> {
  const rows = db.prepare("SELECT type, name, sql FROM sqlite_master").all() as SchemaObject[];
  return new Map(rows.map((row) => [`${row.type} ${row.name}`, row]));
}

/** SQL with its runs of white space made one space: the same statement however it was laid out. */
const spaced = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

/** Tables SQLite makes of itself (ANALYZE, AUTOINCREMENT): no migration's, yet sound. */
const SQLITE_OWN = new Set(["table sqlite_stat1", "table sqlite_stat4", "table sqlite_sequence"]);

/**
 * The schema the migrations make, up to `last` (none when undefined): a new database in memory
 * migrated by the site's own migrations (db/migrations, through Kysely's Migrator as the site runs
 * them), so that a backup made by an older release is held to the schema of that release.
 */
async function migratedSchema(last: string | undefined): Promise<Map<string, SchemaObject>> {
  const raw = new Database(":memory:");
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    });
    const { error } = await migrator.migrateTo(last ?? NO_MIGRATIONS);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return schemaOf(raw);
  } finally {
    await db.destroy();
  }
}

/**
 * Why the database `file` (a sound database of this site: siteDatabaseProblem) holds what the
 * migrations it records did not make, or undefined when it holds nothing else: no table, index,
 * view or trigger of another name, and its triggers and views word for word the migrations' (but
 * for white space: the steps before db/migrations laid them out otherwise). A restored database
 * is run by the site as it is: a trigger added to it (one that deletes each new message, say)
 * would act on every write. Tables and indexes are held to their names (their text differs
 * between databases that came to the same schema by different steps: ALTER TABLE ADD COLUMN).
 */
export async function schemaProblem(file: string): Promise<string | undefined> {
  const tidy = tidyAfterReading(file);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  let found: Map<string, SchemaObject>;
  let recorded: string[];
  try {
    found = schemaOf(db);
    recorded = (
      db.prepare("SELECT name FROM kysely_migration ORDER BY name").all() as { name: string }[]
    ).map((row) => row.name);
  } finally {
    db.close();
    tidy();
  }
  const unknown = recorded.filter((name) => !(name in MIGRATIONS));
  if (unknown.length > 0) {
    return `${file} was made by a newer release: migration ${unknown.join(", ")} is unknown here`;
  }
  const expected = await migratedSchema(recorded.at(-1));
  const extra: string[] = [];
  const changed: string[] = [];
  for (const [key, object] of found) {
    if (SQLITE_OWN.has(key)) continue;
    const made = expected.get(key);
    if (!made) extra.push(key);
    else if (
      (object.type === "trigger" || object.type === "view") &&
      spaced(object.sql) !== spaced(made.sql)
    ) {
      changed.push(key);
    }
  }
  if (extra.length > 0) {
    return `${file} holds what the site's migrations do not make: ${extra.join(", ")}`;
  }
  if (changed.length > 0) {
    return `${file} holds a definition other than the migrations': ${changed.join(", ")}`;
  }
  return undefined;
}

/**
 * Copies the database `source` to `target` while the site may be writing it, checks the copy
 * (integrity_check, the site's tables) and only then gives it its name: an interrupted backup
 * never leaves a file that looks whole. Refuses to replace `target` unless `force`.
 */
export async function backupDatabase(
  source: string,
  target: string,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!existsSync(source)) throw new BackupError(`No database at ${source}`);
  const folder = path.dirname(path.resolve(target));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new BackupError(`No folder ${folder} to write the backup in: make it first`);
  }
  if (existsSync(target) && !options.force) {
    throw new BackupError(`${target} exists: choose another name, or pass --force to replace it`);
  }
  const partial = `${target}.partial`;
  removeDatabase(partial);
  try {
    await copyDatabase(source, partial);
  } catch (error) {
    removeDatabase(partial);
    throw error;
  }
  const problem = siteDatabaseProblem(partial);
  if (problem) {
    removeDatabase(partial);
    throw new BackupError(`The copy failed its check: ${problem}`);
  }
  renameSync(partial, target);
}

/** Removes a database file and whatever SQLite keeps beside it. */
function removeDatabase(file: string): void {
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    rmSync(name, { force: true });
  }
}

/**
 * Copies `source` to `target` with SQLite's online backup (a read-only connection: the site's
 * writers are never blocked; a write by another connection meanwhile restarts the copy, so it
 * is always of one moment), then makes the copy a file that stands alone: journal mode DELETE,
 * so that no -wal or -shm is made beside it when it is read (and none is left). The copy holds
 * readers' messages: only its owner may read it. `tidySource` when no other process has
 * `source` open: what the read-only connection made beside it is removed.
 */
async function copyDatabase(source: string, target: string, tidySource = false): Promise<void> {
  const tidy = tidySource ? tidyAfterReading(source) : () => undefined;
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    // After the first step, the rest in one: each step reads one snapshot (WAL readers never
    // block the site's writers), whereas a write between small steps would restart the copy
    // again and again on a busy site.
    await db.backup(target, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
  } finally {
    db.close();
    tidy();
  }
  standAlone(target);
}

/** Makes a copy (owned by this process alone) private, in journal mode DELETE: one file. */
function standAlone(file: string): void {
  chmodSync(file, 0o600);
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma("journal_mode = DELETE");
  } finally {
    db.close();
  }
}

/**
 * A connection that has the database to itself, or a BackupError when another process is seen
 * to have it open. A connection in EXCLUSIVE locking mode takes an exclusive lock at its first
 * read, and fails at once (no busy timeout) while another holds a lock SQLite sees. A second
 * check only, after DATA_DIR's lock (a tool such as `npm run messages` takes none): it passed
 * under a running site whose connections were idle (issue 51), which DATA_DIR's lock does not.
 * From: https://sqlite.org/pragma.html#pragma_locking_mode, https://sqlite.org/wal.html#noshm
 */
function lockIdle(file: string): Database.Database {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: unknown }).code === "SQLITE_BUSY") {
      throw new BackupError(`${file} is open in another process: stop the site before restoring`);
    }
    throw error;
  }
}

/** A name for the safety copy of `file` made at `now`: `network.db.bak-2026-11-27T19-00-00Z`. */
export function safetyCopyName(file: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
  return `${file}.bak-${stamp}`;
}

/**
 * Puts the backup `source` in place of the database `target` (the site stopped). Checks the
 * backup first, leaving DATA_DIR as it is if it is not sound (siteDatabaseProblem) or holds what
 * the migrations do not make (schemaProblem). Then takes DATA_DIR's lock for itself
 * (db/data-lock.ts), refusing while any site holds it, and keeps it until done, so that no site
 * starts meanwhile; refuses as well while another process has the database open (lockIdle: a
 * tool such as `npm run messages`). Keeps the current database as a safety copy
 * (safetyCopyName, its WAL's rows included), checks the copy of the backup it made beside it
 * again, then moves it into place and removes the old -wal and -shm (left there, SQLite would
 * apply the old WAL to the restored file). Returns the safety copy's name (none when there was
 * no database).
 */
export async function restoreDatabase(
  source: string,
  target: string,
  now = new Date(),
): Promise<string | undefined> {
  if (!existsSync(source)) throw new BackupError(`No backup at ${source}`);
  const problem = siteDatabaseProblem(source) ?? (await schemaProblem(source));
  if (problem) throw new BackupError(`Not restored: ${problem}`);
  const dataDir = path.dirname(target);
  privateDir(dataDir);
  const lock = lockDataFolderExclusively(dataDir);
  if (!lock) {
    throw new BackupError(
      `The site (or a tool such as npm run briefing) is running on DATA_DIR (${dataDir}): stop it first`,
    );
  }
  try {
    return await replaceDatabase(source, target, now);
  } finally {
    lock.release();
  }
}

/** restoreDatabase's work, under DATA_DIR's lock. */
async function replaceDatabase(
  source: string,
  target: string,
  now: Date,
): Promise<string | undefined> {
  const incoming = `${target}.restoring`;
  removeDatabase(incoming);
  let safetyCopy: string | undefined;
  const current = existsSync(target) ? lockIdle(target) : undefined;
  try {
    await copyDatabase(source, incoming, true);
    // The file read may have changed since it was checked: what goes in place is this copy.
    const problem = await schemaProblem(incoming);
    if (problem) throw new BackupError(`Not restored: ${problem}`);
    if (current) {
      safetyCopy = safetyCopyName(target, now);
      await current.backup(safetyCopy);
      standAlone(safetyCopy);
    }
  } catch (error) {
    removeDatabase(incoming);
    throw error;
  } finally {
    current?.close();
  }
  for (const stale of [`${target}-wal`, `${target}-shm`, `${target}-journal`]) {
    rmSync(stale, { force: true });
  }
  renameSync(incoming, target);
  return safetyCopy;
}
