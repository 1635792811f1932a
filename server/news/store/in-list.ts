import { sql } from "kysely";
import type { Dialect } from "../../db/dialect";

/**
 * `column` is one of `ids`, as one bound value whatever their number: a JSON array read by
 * json_each (SQLite), an integer array (PostgreSQL). A list of a thousand ids as a thousand
 * values would cost Kysely and the database more to compile than the query costs to run.
 */
export function inList(
  dialect: Dialect,
  column: "id" | "feed_id" | "a.id",
  ids: readonly number[],
) {
  return dialect === "postgres"
    ? sql<boolean>`${sql.ref(column)} = ANY(${[...ids]}::int[])`
    : sql<boolean>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}
