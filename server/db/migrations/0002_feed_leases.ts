import { sql, type Kysely } from "kysely";

/**
 * Who is refreshing a feed, and until when (news/engine.ts): an instance leases each due feed
 * before fetching it, so that among several instances sharing the database each feed URL is
 * fetched by one of them per interval. A lease ends with the refresh's write, or by itself at
 * `lease_until` when its instance died meanwhile (at most a minute: LEASE_MS). Both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE feeds ADD COLUMN lease_until bigint`.execute(db);
  await sql`ALTER TABLE feeds ADD COLUMN lease_owner text`.execute(db);
}
