import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { openDatabase, type Db, type OpenOptions } from "../../server/db/open";
import { migrateTo } from "./databases";

/**
 * A SQLite database opened as the server opens it (schema brought up to date), for tests that
 * look at its tables directly; `close()` closes it.
 */
export async function openSqlite(file: string, options?: OpenOptions): Promise<Db> {
  const store = await openDatabase(file, options);
  return store.sqlite as Db;
}

/**
 * A SQLite database brought up to migration `last` and no further (migrateTo), for tests of what
 * an older migration left that later ones change; `close()` closes it. Foreign keys are off
 * meanwhile, as the server migrates (db/open.ts migrate).
 */
export async function openSqliteAt(file: string, last: string): Promise<Db> {
  const raw = new Database(file);
  raw.pragma("foreign_keys = OFF");
  await migrateTo(new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) }), last);
  raw.pragma("foreign_keys = ON");
  return raw;
}
