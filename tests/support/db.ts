import { openDatabase, type Db, type OpenOptions } from "../../server/db/open";

/**
 * A SQLite database opened as the server opens it (schema brought up to date), for tests that
 * look at its tables directly; `close()` closes it.
 */
export async function openSqlite(file: string, options?: OpenOptions): Promise<Db> {
  const store = await openDatabase(file, options);
  return store.sqlite as Db;
}
