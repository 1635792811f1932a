import { sql, type Kysely } from "kysely";

/**
 * Each stored story's category is its category's key ("realestate", "arts": the feed keys of
 * sites/categories.ts), no longer its English label ("Real Estate", "Arts & Culture"): a page
 * turns the key into the label in its reader's language where it shows it (sites/categories.ts
 * storyCategory), and a label can change without a story's row (issue 56). Both databases: one
 * UPDATE of the rows that hold a label, in the migration's transaction.
 *
 * The labels are this migration's own, frozen as they stood when it was written (the category
 * table, sites/categories.ts, in English: common/i18n/en/news.ts), so that what it does never
 * follows a later relabel: the table's sixteen (Events never had a story: it has no feeds), and
 * the two that stories stored before legacy step 7 held (db/legacy-schema.ts: the feed key
 * capitalised, "Realestate" and "Arts"; migration 0001 renames them where a database still has
 * them, before this runs). A label is matched exactly, case and all.
 *
 * A value that is no label of the list (text written by hand, or a key already) is kept as it is:
 * nothing is lost, and running this again changes nothing (no key is a label). Nothing reads it
 * as a key it is not: pages show a story under the category the city lists its feed in (the
 * engine's snapshots and search give each story that key), and where a stored value is shown as
 * it is, storyCategory shows a value that is no key as it is. The next fetch of its feed, while
 * the story is in it, writes its key (the upsert sets the category).
 *
 * On PostgreSQL an UPDATE writes each row anew (its generated search column is computed again);
 * at 100,000 stories that is seconds, as migration 0006 was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const labels = LABEL_KEYS.map(([label]) => label);
  const cases = LABEL_KEYS.map(([label, key]) => sql`WHEN ${sql.lit(label)} THEN ${sql.lit(key)}`);
  await sql`UPDATE articles SET category = CASE category ${sql.join(cases, sql` `)} END
    WHERE category IN (${sql.join(labels.map((label) => sql.lit(label)))})`.execute(db);
}

/** Each label a stored story's category had, and the key it stands for (frozen: see above). */
export const LABEL_KEYS: readonly (readonly [string, string])[] = [
  ["Local", "local"],
  ["National", "national"],
  ["World", "world"],
  ["Politics", "politics"],
  ["Business", "business"],
  ["Technology", "technology"],
  ["Automotive", "automotive"],
  ["Real Estate", "realestate"],
  ["Health", "health"],
  ["Sports", "sports"],
  ["Arts & Culture", "arts"],
  ["Food", "food"],
  ["Lifestyle", "lifestyle"],
  ["Opinion", "opinion"],
  ["Archives", "archives"],
  ["Events", "events"],
  // Before legacy step 7 (the feed key capitalised).
  ["Realestate", "realestate"],
  ["Arts", "arts"],
];
