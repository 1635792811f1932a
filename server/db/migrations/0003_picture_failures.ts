import { sql, type Kysely } from "kysely";

/**
 * The pictures whose original could not be had lately, and until when their fallback is served
 * (images/service.ts FAILURE_TTL_MS): shared by every instance, so that one publisher's broken
 * picture is asked for once per period by the network, not once per instance. Both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE picture_failures (
    id text PRIMARY KEY,
    until bigint NOT NULL,
    reason text NOT NULL
  )`.execute(db);
}
