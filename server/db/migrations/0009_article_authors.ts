import { sql, type Kysely } from "kysely";

/**
 * Two more facts of each story's entry (issue 53), both databases, each null when the entry
 * gives none:
 *  - `authors`: who wrote it, as bylines name them (normalize.ts authorsOf), one a line.
 *  - `categories`: its categories as plain text, one a line, which the network's rules of what
 *    is not news read (a job ad's category Jobs, say: server/news/not-news.ts).
 * Rows stored before this migration have neither until their feed is fetched again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE articles ADD COLUMN authors text`.execute(db);
  await sql`ALTER TABLE articles ADD COLUMN categories text`.execute(db);
}
