import { sql, type Kysely } from "kysely";

/**
 * The language of each story (news/language.ts: as its entry or feed says, else as its text
 * shows when that is clear), so that a page marks a story in another language than the city's
 * with `lang` (and `dir`), and a screen reader reads it with the right voice. Null: unknown, or
 * stored before this migration (the next fetch of its feed fills it). Both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE articles ADD COLUMN language text`.execute(db);
}
