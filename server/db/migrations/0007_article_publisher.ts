import { sql, type Kysely } from "kysely";

/**
 * Two facts of each story's entry (issue 37), both databases:
 *  - `publisher`: the outlet the entry names as its own (RSS's `<source>`: Google News's item from
 *    CNN), which pages credit over the feed's publisher; null when it names none.
 *  - `sponsored`: 1 when the entry says it is paid for ("[Sponsor] …", a category Sponsored), which
 *    pages leave out unless the city's listing of the feed keeps it, labelled.
 * Rows stored before this migration have neither until their feed is fetched again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE articles ADD COLUMN publisher text`.execute(db);
  await sql`ALTER TABLE articles ADD COLUMN sponsored integer NOT NULL DEFAULT 0`.execute(db);
}
