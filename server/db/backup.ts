import { chmodSync, existsSync, renameSync, rmSync } from "node:fs";
import Database from "better-sqlite3";

/**
 * Backups of the network's SQLite database (`npm run backup`, `npm run restore`). A backup is
 * SQLite's online backup (better-sqlite3's `backup()`): a consistent copy while the site reads
 * and writes, the committed rows of its WAL included. A restore needs the site stopped, and
 * checks it is: see `lockIdle`.
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
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
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
  }
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
  if (existsSync(target) && !options.force) {
    throw new BackupError(`${target} exists: choose another name, or pass --force to replace it`);
  }
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  await copyDatabase(source, partial);
  const problem = siteDatabaseProblem(partial);
  if (problem) {
    rmSync(partial, { force: true });
    throw new BackupError(`The copy failed its check: ${problem}`);
  }
  renameSync(partial, target);
}

/**
 * Copies `source` to `target` with SQLite's online backup (a read-only connection: the site's
 * writers are never blocked; a write by another connection meanwhile restarts the copy, so it
 * is always of one moment). The copy holds readers' messages: only its owner may read it.
 */
async function copyDatabase(source: string, target: string): Promise<void> {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    // After the first step, the rest in one: each step reads one snapshot (WAL readers never
    // block the site's writers), whereas a write between small steps would restart the copy
    // again and again on a busy site.
    await db.backup(target, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
  } finally {
    db.close();
  }
  chmodSync(target, 0o600);
}

/**
 * A connection that has the database to itself, or a BackupError when another process has it
 * open (the site running). In WAL mode every connection holds a shared lock on the database file
 * as long as it is open; a connection in EXCLUSIVE locking mode takes an exclusive lock at its
 * first read, and fails at once (no busy timeout) while any other holds one. Held, it also keeps
 * a site that starts meanwhile from opening the database until it is closed.
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
 * Puts the backup `source` in place of the database `target` (the site stopped): checks the
 * backup, refuses while another process has the database open, keeps the current database as a
 * safety copy (safetyCopyName, its WAL's rows included), then moves a copy of the backup into
 * place and removes the old -wal and -shm (left there, SQLite would apply the old WAL to the
 * restored file). Returns the safety copy's name (none when there was no database).
 */
export async function restoreDatabase(
  source: string,
  target: string,
  now = new Date(),
): Promise<string | undefined> {
  const problem = siteDatabaseProblem(source);
  if (problem) throw new BackupError(problem);
  const incoming = `${target}.restoring`;
  rmSync(incoming, { force: true });
  let safetyCopy: string | undefined;
  const current = existsSync(target) ? lockIdle(target) : undefined;
  try {
    await copyDatabase(source, incoming);
    if (current) {
      safetyCopy = safetyCopyName(target, now);
      await current.backup(safetyCopy);
      chmodSync(safetyCopy, 0o600);
    }
  } catch (error) {
    rmSync(incoming, { force: true });
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
