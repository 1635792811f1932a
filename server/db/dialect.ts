import { PostgresAdapter, type Kysely } from "kysely";

/** The two databases the network runs on: SQLite (embedded, the default) and PostgreSQL. */
export type Dialect = "sqlite" | "postgres";

/** Which database `db` talks to. */
export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
