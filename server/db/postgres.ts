import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { runMigrations } from "./migrate";
import type { Store } from "./open";
import type { Database } from "./schema";

/** PostgreSQL's type id of bigint (int8). */
const INT8 = 20;

export interface PostgresOptions {
  /** The most connections this instance opens (DATABASE_POOL_SIZE). */
  poolSize?: number;
}

/**
 * Opens the network's database on PostgreSQL (DATABASE_URL) and brings its schema up to date
 * (db/migrations, under the Migrator's advisory lock). Times are bigint columns of milliseconds,
 * read back as numbers (exact below 2^53, some 285,000 years after 1970). Every connection
 * commits synchronously (`synchronous_commit = on`, whatever the server's default): a contact
 * message acknowledged to a reader is on disk.
 * From: https://node-postgres.com/features/queries#types,
 * https://www.postgresql.org/docs/15/runtime-config-wal.html#GUC-SYNCHRONOUS-COMMIT
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Store> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    options: "-c synchronous_commit=on",
    application_name: "city-news",
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8 && format !== "binary"
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await runMigrations(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect: "postgres", close: () => db.destroy() };
}
