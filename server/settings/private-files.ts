import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";

// DATA_DIR holds the readers' contact messages, the keys and the feed state: nobody but the
// server's own user may read it. Folders are 0700 and files 0600 whatever the umask, and a
// folder or database made before by an older version (0755, 0644) is brought down to that.

/** Makes `dir` (and any missing parents) and leaves it readable by its owner only (0700). */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Makes sure a SQLite database file exists with mode 0600 before SQLite opens it: SQLite gives
 * its -wal and -shm files the database file's own mode, so they are private too. Existing ones
 * are brought down to 0600 as well. Those come and go with SQLite's transactions (a rollback
 * journal is deleted at each commit, by this process or another one opening the same new
 * database): one that is gone has nothing left to protect, so its absence is no error. It was
 * looked for first, and one deleted between that look and the chmod stopped a process opening
 * the database with ENOENT (migrate.test's race of two processes, now and then).
 */
export function privateDatabaseFile(file: string): void {
  closeSync(openSync(file, "a", 0o600));
  chmodSync(file, 0o600);
  for (const name of [`${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      chmodSync(name, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}
