import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { MIGRATIONS } from "./migrations";

/**
 * Runs the migrations of db/migrations that `db` has not seen (Kysely's Migrator, its own table
 * `kysely_migration`). On PostgreSQL the Migrator runs them in one transaction under an advisory
 * lock, so that instances starting together apply each once; on SQLite the caller holds the
 * transaction (open.ts migrate). Throws the first migration's error.
 * From: https://kysely.dev/docs/migrations
 */
export async function runMigrations<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(
      `Database migration ${failed ?? "(before any ran)"} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
