import path from "node:path";
import Database from "better-sqlite3";
import { privateDatabaseFile, privateDir } from "../settings/private-files";

/**
 * The lock on DATA_DIR that says a site process uses it: each site holds it SHARED for its whole
 * life (server/index.ts, before the database is opened), several sites together if they share
 * the folder (instances on one PostgreSQL), and so does a tool that opens its database while it
 * runs (scripts/tool-lock.ts); `npm run restore` takes it EXCLUSIVE, and refuses when it cannot,
 * then holds it while it swaps the database (a site starting meanwhile waits, then stops with a
 * message).
 *
 * Why so: the database's own locks say nothing of a site that has network.db open but idle. In
 * WAL mode a connection holds no lock on the database file between transactions (its readers
 * mark the -shm), so the restore's old check (EXCLUSIVE locking mode and one read) passed under
 * a running site, which went on writing, to the -wal the restore had just removed, messages that
 * were then lost. Node has no flock(); SQLite's locks are the OS's (fcntl on POSIX, LockFileEx
 * on Windows) and are what is installed. So the lock is an empty SQLite database of its own,
 * DATA_DIR/.site-lock.db, in a rollback-journal mode (never WAL: there, a reader takes a SHARED
 * lock on the database file itself, which an EXCLUSIVE one waits for): a site opens it, begins a
 * transaction and reads sqlite_master, and never ends it, so its connection keeps the SHARED
 * lock; the OS lets it go when the process ends, however it ends (SIGKILL, a crash). The restore
 * asks with no busy timeout for `BEGIN EXCLUSIVE`: SQLITE_BUSY means a site holds it. The journal
 * is kept in memory (journal_mode = MEMORY, a rollback mode like DELETE, with the same locks):
 * BEGIN EXCLUSIVE opens a journal at once, which on disk a restore killed while holding the lock
 * would leave behind. Nothing is ever written: the file stays empty. Tried with two processes
 * (data-lock.test.ts): two sites share the lock, a restore is refused while either runs, and
 * takes it once both are gone, killed or not.
 * From: https://sqlite.org/lockingv3.html, https://sqlite.org/wal.html#concurrency,
 * https://sqlite.org/pragma.html#pragma_journal_mode, https://sqlite.org/lang_transaction.html
 */

/** The lock's file in DATA_DIR. */
export function dataLockFile(dataDir: string): string {
  return path.join(dataDir, ".site-lock.db");
}

/** A lock on DATA_DIR, held until released or the process ends. */
export interface DataLock {
  release(): void;
}

/** The site could not take its lock: a restore has DATA_DIR. */
export class DataFolderBusyError extends Error {
  override name = "DataFolderBusyError";
}

/**
 * The connections whose locks are held: reachable for as long as they are, whatever the caller
 * keeps (a connection collected as garbage is closed, and its lock with it).
 */
const held = new Set<Database.Database>();

const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === "SQLITE_BUSY";

/** Opens the lock's file (made 0600, its folder 0700 if missing) in a rollback-journal mode. */
function openLock(dataDir: string, timeoutMs: number): Database.Database {
  privateDir(dataDir);
  const file = dataLockFile(dataDir);
  privateDatabaseFile(file);
  const db = new Database(file, { timeout: timeoutMs });
  try {
    db.pragma("journal_mode = MEMORY");
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function holding(db: Database.Database): DataLock {
  held.add(db);
  return {
    release() {
      if (!held.delete(db)) return;
      db.close();
    },
  };
}

/**
 * The site's lock on `dataDir`, SHARED with other sites, for the life of the process (or until
 * released). Waits up to `timeoutMs` for a restore that holds it, then throws
 * DataFolderBusyError, whose message ends with `then` (what to do: start the site once it is done).
 */
export function holdDataFolder(
  dataDir: string,
  options: { timeoutMs?: number; then?: string } = {},
): DataLock {
  let db: Database.Database | undefined;
  try {
    db = openLock(dataDir, options.timeoutMs ?? 5_000);
    db.exec("BEGIN");
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    return holding(db);
  } catch (error) {
    db?.close();
    if (isBusy(error)) {
      throw new DataFolderBusyError(
        `A restore is under way on DATA_DIR (${dataDir}): ${options.then ?? "start the site once it is done"}`,
      );
    }
    throw error;
  }
}

/**
 * The lock on `dataDir` for this process alone (npm run restore), or undefined at once when a
 * site (or another restore) holds it.
 */
export function lockDataFolderExclusively(dataDir: string): DataLock | undefined {
  let db: Database.Database | undefined;
  try {
    db = openLock(dataDir, 0);
    db.exec("BEGIN EXCLUSIVE");
    return holding(db);
  } catch (error) {
    db?.close();
    if (isBusy(error)) return undefined;
    throw error;
  }
}
