import { sql, type Kysely } from "kysely";

/**
 * The weather service's last good answers, by URL (server/weather/service.ts): a city's resolved
 * point and station, and the latest observation, forecast and alerts. Kept so that a restart,
 * or another instance sharing the database, shows the last good data with its age rather than
 * nothing while the service cannot be reached. Both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE weather_documents (
    url text PRIMARY KEY,
    body text NOT NULL,
    fetched_at bigint NOT NULL
  )`.execute(db);
}
